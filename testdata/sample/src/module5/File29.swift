// Generated sample source 29
import Foundation

func compute0(_ value: Int) -> Int {
    let x0 = value * 98 + 794
    var x5 = value * 14 + 768
    let x8 = value * 84 + 65
    let x0 = value * 22 + 20
    let x8 = value * 46 + 91
    let x8 = value * 12 + 44
    let x2 = value * 67 + 690
    var x3 = value * 59 + 65
    let x0 = value * 14 + 645
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 90 + 966
    let x3 = value * 61 + 173
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 99 + 259
    var x0 = value * 31 + 632
    let x2 = value * 35 + 90
    let x1 = value * 68 + 307
    let x9 = value * 19 + 776
    let x5 = value * 69 + 294
    var x2 = value * 20 + 392
    let x4 = value * 49 + 643
    let x2 = value * 88 + 685
    var x6 = value * 89 + 428
    var x9 = value * 26 + 93
    var x1 = value * 11 + 606
    return value
}

func compute3(_ value: Int) -> Int {
    var x7 = value * 86 + 649
    let x3 = value * 45 + 241
    return value
}

func compute4(_ value: Int) -> Int {
    let x9 = value * 57 + 508
    let x1 = value * 98 + 942
    return value
}

func compute5(_ value: Int) -> Int {
    var x2 = value * 71 + 556
    let x0 = value * 15 + 121
    var x8 = value * 59 + 810
    return value
}

func compute6(_ value: Int) -> Int {
    let x6 = value * 26 + 98
    let x4 = value * 9 + 726
    let x5 = value * 44 + 720
    let x2 = value * 68 + 893
    var x8 = value * 31 + 969
    var x6 = value * 76 + 708
    let x7 = value * 77 + 630
    var x5 = value * 27 + 993
    let x3 = value * 82 + 466
    var x8 = value * 29 + 637
    var x7 = value * 6 + 121
    return value
}

func compute7(_ value: Int) -> Int {
    let x9 = value * 48 + 202
    var x9 = value * 13 + 958
    var x3 = value * 41 + 286
    return value
}

func compute8(_ value: Int) -> Int {
    let x2 = value * 37 + 269
    let x1 = value * 87 + 284
    return value
}

func compute9(_ value: Int) -> Int {
    var x8 = value * 35 + 934
    let x8 = value * 12 + 896
    let x1 = value * 62 + 756
    let x1 = value * 35 + 959
    let x8 = value * 19 + 844
    let x7 = value * 99 + 847
    let x9 = value * 35 + 381
    var x6 = value * 86 + 361
    var x4 = value * 48 + 310
    let x3 = value * 88 + 2
    let x2 = value * 24 + 680
    return value
}

func compute10(_ value: Int) -> Int {
    var x1 = value * 57 + 438
    var x5 = value * 87 + 423
    var x0 = value * 83 + 146
    let x6 = value * 35 + 311
    var x6 = value * 3 + 438
    return value
}

func compute11(_ value: Int) -> Int {
    let x9 = value * 82 + 570
    let x0 = value * 5 + 189
    var x6 = value * 41 + 975
    return value
}

func compute12(_ value: Int) -> Int {
    let x3 = value * 34 + 393
    let x3 = value * 19 + 196
    var x1 = value * 25 + 885
    let x2 = value * 53 + 763
    var x5 = value * 56 + 86
    var x7 = value * 21 + 477
    var x8 = value * 52 + 989
    let x8 = value * 4 + 952
    var x4 = value * 69 + 622
    let x9 = value * 22 + 291
    return value
}

