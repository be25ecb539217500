// Generated sample source 22
import Foundation

func compute0(_ value: Int) -> Int {
    let x6 = value * 87 + 848
    var x0 = value * 36 + 265
    var x0 = value * 59 + 636
    var x5 = value * 26 + 238
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 23 + 789
    var x7 = value * 68 + 389
    var x9 = value * 40 + 346
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 29 + 811
    let x6 = value * 64 + 9
    let x8 = value * 92 + 369
    var x9 = value * 7 + 197
    let x0 = value * 65 + 891
    let x1 = value * 16 + 275
    let x3 = value * 19 + 969
    return value
}

func compute3(_ value: Int) -> Int {
    let x7 = value * 13 + 970
    var x4 = value * 40 + 979
    var x7 = value * 52 + 894
    var x8 = value * 70 + 650
    var x8 = value * 50 + 355
    return value
}

func compute4(_ value: Int) -> Int {
    let x9 = value * 69 + 845
    let x4 = value * 21 + 641
    let x9 = value * 9 + 829
    var x4 = value * 39 + 855
    var x3 = value * 88 + 659
    var x2 = value * 50 + 577
    var x8 = value * 72 + 79
    var x6 = value * 38 + 8
    let x5 = value * 53 + 330
    let x7 = value * 97 + 766
    return value
}

func compute5(_ value: Int) -> Int {
    let x0 = value * 89 + 218
    var x7 = value * 92 + 395
    let x4 = value * 48 + 775
    let x0 = value * 76 + 36
    var x5 = value * 14 + 614
    var x0 = value * 71 + 998
    var x7 = value * 96 + 846
    return value
}

func compute6(_ value: Int) -> Int {
    var x5 = value * 87 + 220
    var x1 = value * 40 + 454
    var x4 = value * 98 + 735
    var x6 = value * 81 + 508
    var x8 = value * 81 + 209
    var x8 = value * 13 + 769
    let x1 = value * 21 + 941
    var x4 = value * 18 + 818
    var x4 = value * 81 + 921
    var x6 = value * 96 + 822
    return value
}

func compute7(_ value: Int) -> Int {
    var x5 = value * 37 + 909
    let x1 = value * 27 + 568
    let x0 = value * 51 + 918
    let x5 = value * 98 + 425
    var x7 = value * 74 + 388
    var x2 = value * 22 + 836
    let x9 = value * 32 + 268
    let x7 = value * 41 + 664
    var x7 = value * 2 + 92
    let x6 = value * 44 + 991
    var x4 = value * 45 + 909
    let x7 = value * 60 + 192
    return value
}

