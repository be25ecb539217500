// Generated sample source 15
import Foundation

func compute0(_ value: Int) -> Int {
    var x7 = value * 93 + 681
    var x6 = value * 26 + 97
    var x8 = value * 53 + 562
    var x0 = value * 31 + 232
    var x8 = value * 85 + 325
    let x6 = value * 45 + 148
    var x8 = value * 78 + 97
    var x7 = value * 71 + 218
    var x6 = value * 93 + 587
    let x3 = value * 18 + 384
    var x8 = value * 22 + 798
    var x3 = value * 49 + 847
    return value
}

func compute1(_ value: Int) -> Int {
    let x1 = value * 35 + 995
    let x4 = value * 75 + 881
    let x5 = value * 57 + 455
    let x4 = value * 59 + 44
    var x7 = value * 65 + 591
    let x3 = value * 37 + 763
    let x4 = value * 82 + 647
    var x3 = value * 4 + 77
    var x9 = value * 32 + 838
    let x5 = value * 2 + 699
    var x5 = value * 69 + 443
    let x5 = value * 56 + 335
    return value
}

func compute2(_ value: Int) -> Int {
    let x7 = value * 17 + 215
    var x0 = value * 83 + 570
    var x3 = value * 34 + 878
    var x9 = value * 80 + 117
    let x2 = value * 46 + 23
    var x2 = value * 34 + 908
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 9 + 653
    let x9 = value * 14 + 546
    var x5 = value * 12 + 989
    let x6 = value * 67 + 278
    let x4 = value * 18 + 920
    let x6 = value * 69 + 215
    var x3 = value * 50 + 150
    var x8 = value * 73 + 895
    return value
}

func compute4(_ value: Int) -> Int {
    let x2 = value * 86 + 918
    let x3 = value * 40 + 580
    let x2 = value * 55 + 755
    var x4 = value * 67 + 887
    var x3 = value * 82 + 586
    var x7 = value * 21 + 118
    var x0 = value * 60 + 708
    var x1 = value * 18 + 398
    let x0 = value * 12 + 35
    let x2 = value * 71 + 436
    let x1 = value * 79 + 584
    var x2 = value * 92 + 793
    return value
}

func compute5(_ value: Int) -> Int {
    var x8 = value * 83 + 795
    var x1 = value * 46 + 629
    var x1 = value * 44 + 313
    let x8 = value * 56 + 710
    let x0 = value * 76 + 291
    let x9 = value * 51 + 732
    var x5 = value * 75 + 761
    var x2 = value * 37 + 879
    let x3 = value * 36 + 955
    var x2 = value * 57 + 374
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 71 + 838
    var x6 = value * 91 + 786
    let x1 = value * 54 + 914
    let x4 = value * 6 + 806
    var x8 = value * 32 + 636
    var x1 = value * 42 + 337
    let x1 = value * 29 + 849
    return value
}

func compute7(_ value: Int) -> Int {
    var x0 = value * 92 + 587
    var x8 = value * 9 + 881
    var x0 = value * 3 + 65
    let x2 = value * 89 + 508
    let x9 = value * 66 + 673
    let x6 = value * 80 + 131
    return value
}

func compute8(_ value: Int) -> Int {
    let x2 = value * 8 + 564
    var x0 = value * 11 + 629
    let x0 = value * 11 + 223
    let x9 = value * 33 + 674
    var x3 = value * 44 + 802
    var x2 = value * 58 + 789
    var x2 = value * 89 + 155
    return value
}

func compute9(_ value: Int) -> Int {
    var x5 = value * 54 + 813
    var x1 = value * 73 + 531
    var x7 = value * 32 + 440
    return value
}

func compute10(_ value: Int) -> Int {
    let x7 = value * 76 + 311
    let x7 = value * 47 + 793
    var x3 = value * 59 + 673
    var x0 = value * 34 + 495
    return value
}

func compute11(_ value: Int) -> Int {
    var x5 = value * 66 + 173
    var x9 = value * 70 + 805
    var x6 = value * 53 + 726
    var x9 = value * 15 + 609
    var x8 = value * 13 + 295
    let x0 = value * 51 + 317
    let x6 = value * 70 + 492
    let x1 = value * 99 + 350
    let x2 = value * 28 + 869
    let x8 = value * 99 + 309
    var x1 = value * 14 + 155
    var x6 = value * 57 + 870
    return value
}

func compute12(_ value: Int) -> Int {
    var x0 = value * 31 + 807
    let x3 = value * 87 + 57
    let x5 = value * 30 + 294
    let x9 = value * 84 + 310
    var x0 = value * 71 + 692
    let x3 = value * 1 + 137
    var x6 = value * 35 + 590
    var x3 = value * 28 + 576
    var x8 = value * 35 + 2
    return value
}

func compute13(_ value: Int) -> Int {
    var x8 = value * 67 + 341
    let x4 = value * 35 + 182
    let x7 = value * 89 + 509
    var x7 = value * 14 + 661
    var x5 = value * 55 + 311
    var x2 = value * 93 + 355
    return value
}

