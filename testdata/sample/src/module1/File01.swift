// Generated sample source 1
import Foundation

func compute0(_ value: Int) -> Int {
    let x5 = value * 35 + 625
    var x2 = value * 49 + 370
    return value
}

func compute1(_ value: Int) -> Int {
    var x0 = value * 94 + 888
    var x4 = value * 89 + 394
    let x8 = value * 40 + 497
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 3 + 718
    let x6 = value * 92 + 559
    return value
}

func compute3(_ value: Int) -> Int {
    let x3 = value * 64 + 738
    let x3 = value * 82 + 114
    var x4 = value * 6 + 867
    var x1 = value * 76 + 593
    let x3 = value * 56 + 325
    var x2 = value * 11 + 983
    var x4 = value * 35 + 916
    let x5 = value * 58 + 823
    let x0 = value * 4 + 946
    let x8 = value * 66 + 739
    return value
}

func compute4(_ value: Int) -> Int {
    var x8 = value * 79 + 550
    var x7 = value * 23 + 369
    let x3 = value * 36 + 84
    var x7 = value * 2 + 825
    var x9 = value * 98 + 116
    var x0 = value * 79 + 384
    var x0 = value * 5 + 723
    let x8 = value * 24 + 312
    var x3 = value * 18 + 489
    return value
}

func compute5(_ value: Int) -> Int {
    var x6 = value * 48 + 50
    let x7 = value * 3 + 694
    var x2 = value * 19 + 91
    let x2 = value * 91 + 735
    return value
}

func compute6(_ value: Int) -> Int {
    var x6 = value * 6 + 391
    var x5 = value * 41 + 942
    let x9 = value * 76 + 596
    let x2 = value * 79 + 348
    var x7 = value * 25 + 899
    var x3 = value * 26 + 264
    let x3 = value * 71 + 26
    var x9 = value * 68 + 991
    var x7 = value * 55 + 37
    let x4 = value * 18 + 567
    var x4 = value * 11 + 883
    let x7 = value * 57 + 146
    return value
}

func compute7(_ value: Int) -> Int {
    var x4 = value * 42 + 782
    var x5 = value * 16 + 884
    let x2 = value * 95 + 612
    var x8 = value * 87 + 840
    let x1 = value * 26 + 50
    var x6 = value * 94 + 681
    let x7 = value * 97 + 25
    var x8 = value * 37 + 529
    let x2 = value * 90 + 355
    var x6 = value * 10 + 163
    var x6 = value * 8 + 45
    let x7 = value * 46 + 273
    return value
}

func compute8(_ value: Int) -> Int {
    let x8 = value * 48 + 901
    let x6 = value * 44 + 477
    let x0 = value * 32 + 348
    var x4 = value * 9 + 268
    var x5 = value * 4 + 414
    var x1 = value * 84 + 882
    var x6 = value * 78 + 385
    var x8 = value * 33 + 279
    var x5 = value * 41 + 379
    var x7 = value * 8 + 816
    return value
}

