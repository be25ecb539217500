// Generated sample source 38
import Foundation

func compute0(_ value: Int) -> Int {
    var x6 = value * 2 + 533
    let x0 = value * 85 + 922
    var x2 = value * 54 + 599
    var x9 = value * 2 + 914
    var x2 = value * 71 + 19
    let x4 = value * 69 + 255
    var x0 = value * 95 + 300
    let x1 = value * 16 + 919
    let x5 = value * 73 + 407
    let x5 = value * 19 + 830
    let x6 = value * 69 + 193
    return value
}

func compute1(_ value: Int) -> Int {
    var x2 = value * 43 + 382
    var x5 = value * 2 + 230
    let x2 = value * 16 + 556
    var x3 = value * 93 + 243
    let x1 = value * 54 + 777
    var x2 = value * 36 + 36
    let x0 = value * 35 + 806
    var x0 = value * 68 + 567
    let x4 = value * 79 + 365
    let x5 = value * 4 + 906
    return value
}

func compute2(_ value: Int) -> Int {
    var x6 = value * 55 + 688
    let x2 = value * 95 + 723
    var x5 = value * 5 + 553
    let x8 = value * 51 + 204
    var x8 = value * 7 + 731
    var x6 = value * 78 + 123
    let x2 = value * 49 + 583
    var x2 = value * 78 + 690
    let x6 = value * 87 + 335
    return value
}

func compute3(_ value: Int) -> Int {
    var x7 = value * 6 + 69
    let x9 = value * 77 + 242
    let x1 = value * 5 + 770
    return value
}

func compute4(_ value: Int) -> Int {
    let x3 = value * 15 + 958
    var x3 = value * 5 + 282
    var x4 = value * 32 + 8
    var x2 = value * 5 + 104
    let x3 = value * 96 + 187
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 52 + 287
    let x6 = value * 75 + 553
    return value
}

func compute6(_ value: Int) -> Int {
    var x9 = value * 64 + 113
    let x3 = value * 31 + 252
    return value
}

func compute7(_ value: Int) -> Int {
    let x1 = value * 35 + 954
    var x4 = value * 75 + 516
    let x1 = value * 94 + 197
    return value
}

func compute8(_ value: Int) -> Int {
    let x8 = value * 96 + 16
    let x1 = value * 72 + 996
    let x0 = value * 45 + 950
    var x2 = value * 89 + 954
    let x2 = value * 3 + 868
    var x2 = value * 7 + 924
    return value
}

func compute9(_ value: Int) -> Int {
    let x9 = value * 54 + 281
    let x8 = value * 62 + 561
    let x1 = value * 27 + 372
    var x9 = value * 47 + 733
    let x1 = value * 14 + 868
    let x1 = value * 89 + 562
    var x6 = value * 1 + 733
    let x9 = value * 62 + 787
    return value
}

func compute10(_ value: Int) -> Int {
    var x9 = value * 88 + 986
    var x8 = value * 9 + 740
    let x2 = value * 26 + 522
    let x9 = value * 58 + 586
    return value
}

func compute11(_ value: Int) -> Int {
    let x6 = value * 5 + 50
    var x7 = value * 29 + 139
    var x7 = value * 75 + 407
    return value
}

func compute12(_ value: Int) -> Int {
    let x4 = value * 82 + 111
    let x8 = value * 27 + 336
    var x5 = value * 76 + 720
    var x3 = value * 51 + 60
    var x3 = value * 26 + 692
    let x7 = value * 96 + 955
    var x0 = value * 43 + 230
    let x8 = value * 47 + 605
    return value
}

