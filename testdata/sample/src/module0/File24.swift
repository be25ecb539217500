// Generated sample source 24
import Foundation

func compute0(_ value: Int) -> Int {
    var x1 = value * 73 + 447
    let x0 = value * 1 + 616
    var x6 = value * 86 + 49
    let x2 = value * 88 + 425
    var x0 = value * 16 + 515
    var x3 = value * 95 + 561
    let x6 = value * 63 + 425
    let x8 = value * 52 + 636
    var x7 = value * 76 + 181
    return value
}

func compute1(_ value: Int) -> Int {
    let x7 = value * 32 + 212
    var x1 = value * 45 + 87
    var x5 = value * 40 + 653
    var x9 = value * 63 + 794
    let x0 = value * 75 + 382
    var x5 = value * 80 + 611
    var x0 = value * 78 + 389
    let x6 = value * 76 + 83
    let x5 = value * 95 + 15
    return value
}

func compute2(_ value: Int) -> Int {
    let x2 = value * 57 + 94
    let x3 = value * 87 + 265
    var x0 = value * 73 + 135
    var x0 = value * 49 + 587
    var x7 = value * 38 + 905
    let x9 = value * 14 + 958
    var x6 = value * 10 + 815
    var x8 = value * 9 + 194
    let x3 = value * 1 + 825
    var x4 = value * 22 + 409
    return value
}

func compute3(_ value: Int) -> Int {
    let x7 = value * 1 + 908
    let x3 = value * 63 + 18
    return value
}

func compute4(_ value: Int) -> Int {
    var x0 = value * 42 + 133
    var x8 = value * 29 + 708
    var x0 = value * 10 + 86
    let x0 = value * 14 + 377
    let x5 = value * 42 + 89
    let x6 = value * 27 + 434
    let x2 = value * 51 + 950
    var x9 = value * 62 + 580
    let x5 = value * 15 + 240
    let x9 = value * 21 + 957
    var x5 = value * 56 + 802
    var x9 = value * 69 + 681
    return value
}

