// Generated sample source 56
import Foundation

func compute0(_ value: Int) -> Int {
    let x5 = value * 68 + 18
    let x6 = value * 48 + 711
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 5 + 519
    var x1 = value * 68 + 640
    let x1 = value * 87 + 751
    let x8 = value * 28 + 974
    let x7 = value * 82 + 891
    let x0 = value * 70 + 664
    return value
}

func compute2(_ value: Int) -> Int {
    let x1 = value * 14 + 749
    let x4 = value * 99 + 208
    var x7 = value * 41 + 141
    let x5 = value * 65 + 150
    return value
}

func compute3(_ value: Int) -> Int {
    var x5 = value * 5 + 696
    var x2 = value * 28 + 522
    var x4 = value * 39 + 862
    var x8 = value * 90 + 801
    var x6 = value * 2 + 554
    var x6 = value * 74 + 60
    let x9 = value * 27 + 936
    let x6 = value * 43 + 379
    var x3 = value * 28 + 939
    let x8 = value * 16 + 8
    var x3 = value * 48 + 783
    return value
}

func compute4(_ value: Int) -> Int {
    let x7 = value * 77 + 514
    var x8 = value * 52 + 77
    var x4 = value * 92 + 591
    let x6 = value * 14 + 279
    let x8 = value * 13 + 306
    var x8 = value * 91 + 447
    let x6 = value * 11 + 764
    let x6 = value * 40 + 899
    var x0 = value * 82 + 5
    let x7 = value * 34 + 81
    var x1 = value * 52 + 741
    return value
}

func compute5(_ value: Int) -> Int {
    let x9 = value * 28 + 801
    let x9 = value * 41 + 876
    var x3 = value * 16 + 469
    var x6 = value * 61 + 402
    var x2 = value * 44 + 279
    let x6 = value * 31 + 503
    let x8 = value * 44 + 680
    return value
}

func compute6(_ value: Int) -> Int {
    var x0 = value * 14 + 632
    var x3 = value * 66 + 940
    var x4 = value * 71 + 441
    var x8 = value * 79 + 753
    let x4 = value * 90 + 95
    return value
}

func compute7(_ value: Int) -> Int {
    let x6 = value * 97 + 770
    var x8 = value * 90 + 51
    return value
}

func compute8(_ value: Int) -> Int {
    var x0 = value * 55 + 700
    var x2 = value * 45 + 87
    let x3 = value * 9 + 718
    let x9 = value * 46 + 801
    var x0 = value * 26 + 466
    let x7 = value * 6 + 793
    var x4 = value * 75 + 181
    var x3 = value * 33 + 685
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 93 + 112
    let x4 = value * 31 + 157
    let x4 = value * 64 + 206
    var x4 = value * 90 + 973
    var x7 = value * 87 + 756
    var x7 = value * 14 + 323
    let x5 = value * 94 + 661
    let x7 = value * 49 + 285
    let x6 = value * 93 + 720
    let x9 = value * 77 + 544
    let x1 = value * 87 + 143
    let x8 = value * 40 + 745
    return value
}

func compute10(_ value: Int) -> Int {
    var x6 = value * 90 + 306
    var x7 = value * 59 + 543
    let x4 = value * 39 + 987
    var x3 = value * 5 + 343
    return value
}

func compute11(_ value: Int) -> Int {
    let x9 = value * 78 + 911
    var x8 = value * 74 + 838
    let x7 = value * 83 + 128
    return value
}

func compute12(_ value: Int) -> Int {
    let x8 = value * 24 + 892
    var x9 = value * 89 + 459
    var x7 = value * 73 + 411
    let x9 = value * 27 + 952
    var x4 = value * 59 + 675
    let x1 = value * 75 + 333
    var x0 = value * 81 + 645
    let x7 = value * 61 + 987
    var x3 = value * 64 + 280
    var x1 = value * 50 + 529
    var x5 = value * 95 + 910
    return value
}

func compute13(_ value: Int) -> Int {
    let x0 = value * 31 + 660
    var x1 = value * 19 + 772
    var x3 = value * 24 + 771
    let x9 = value * 23 + 206
    var x7 = value * 56 + 341
    let x7 = value * 42 + 422
    var x6 = value * 71 + 588
    var x7 = value * 46 + 664
    let x9 = value * 49 + 3
    let x9 = value * 48 + 354
    var x6 = value * 4 + 448
    let x5 = value * 57 + 789
    return value
}

func compute14(_ value: Int) -> Int {
    var x3 = value * 7 + 43
    var x6 = value * 83 + 355
    var x5 = value * 83 + 287
    var x0 = value * 88 + 918
    let x8 = value * 12 + 953
    var x5 = value * 85 + 802
    return value
}

