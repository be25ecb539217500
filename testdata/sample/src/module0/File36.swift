// Generated sample source 36
import Foundation

func compute0(_ value: Int) -> Int {
    let x0 = value * 15 + 31
    let x9 = value * 5 + 158
    let x0 = value * 28 + 753
    let x3 = value * 16 + 212
    var x2 = value * 39 + 490
    var x3 = value * 94 + 594
    let x7 = value * 27 + 370
    let x3 = value * 25 + 606
    let x9 = value * 49 + 906
    let x5 = value * 39 + 288
    return value
}

func compute1(_ value: Int) -> Int {
    var x0 = value * 63 + 238
    let x2 = value * 35 + 266
    var x4 = value * 82 + 306
    let x3 = value * 16 + 920
    let x7 = value * 25 + 775
    let x2 = value * 75 + 852
    var x4 = value * 97 + 445
    let x3 = value * 38 + 4
    let x9 = value * 6 + 669
    var x8 = value * 53 + 897
    let x4 = value * 16 + 744
    var x2 = value * 23 + 459
    return value
}

func compute2(_ value: Int) -> Int {
    var x2 = value * 24 + 498
    var x4 = value * 12 + 13
    let x5 = value * 93 + 379
    let x4 = value * 75 + 434
    return value
}

func compute3(_ value: Int) -> Int {
    let x2 = value * 92 + 687
    let x7 = value * 79 + 920
    let x4 = value * 53 + 180
    var x5 = value * 84 + 991
    var x5 = value * 34 + 666
    var x1 = value * 25 + 922
    let x1 = value * 33 + 189
    let x7 = value * 71 + 434
    var x7 = value * 5 + 582
    return value
}

func compute4(_ value: Int) -> Int {
    let x6 = value * 64 + 454
    let x0 = value * 33 + 616
    var x6 = value * 74 + 463
    let x8 = value * 82 + 856
    var x2 = value * 44 + 625
    var x9 = value * 98 + 32
    let x5 = value * 92 + 731
    return value
}

func compute5(_ value: Int) -> Int {
    let x3 = value * 85 + 323
    let x0 = value * 61 + 783
    var x1 = value * 27 + 598
    let x7 = value * 69 + 680
    let x9 = value * 20 + 282
    var x3 = value * 68 + 92
    return value
}

