// Generated sample source 37
import Foundation

func compute0(_ value: Int) -> Int {
    let x9 = value * 43 + 209
    var x1 = value * 61 + 274
    var x1 = value * 11 + 169
    let x8 = value * 24 + 553
    let x8 = value * 15 + 984
    return value
}

func compute1(_ value: Int) -> Int {
    let x5 = value * 78 + 672
    let x4 = value * 66 + 922
    let x3 = value * 98 + 526
    let x3 = value * 62 + 53
    let x1 = value * 63 + 744
    var x3 = value * 30 + 340
    var x1 = value * 81 + 966
    let x0 = value * 5 + 764
    let x1 = value * 21 + 372
    var x9 = value * 50 + 910
    var x8 = value * 76 + 176
    return value
}

func compute2(_ value: Int) -> Int {
    var x2 = value * 39 + 591
    let x8 = value * 23 + 510
    var x4 = value * 29 + 230
    let x7 = value * 4 + 382
    var x8 = value * 67 + 568
    var x5 = value * 37 + 715
    var x2 = value * 13 + 494
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 72 + 534
    let x5 = value * 77 + 385
    var x6 = value * 77 + 162
    var x1 = value * 44 + 57
    let x5 = value * 85 + 293
    let x4 = value * 80 + 521
    let x5 = value * 92 + 181
    var x8 = value * 27 + 393
    let x9 = value * 26 + 856
    var x2 = value * 79 + 837
    var x9 = value * 57 + 254
    return value
}

func compute4(_ value: Int) -> Int {
    let x1 = value * 76 + 157
    let x7 = value * 61 + 456
    let x6 = value * 28 + 220
    let x0 = value * 89 + 739
    var x8 = value * 73 + 136
    var x4 = value * 5 + 78
    return value
}

func compute5(_ value: Int) -> Int {
    var x2 = value * 92 + 223
    let x4 = value * 52 + 998
    let x1 = value * 9 + 181
    var x8 = value * 56 + 338
    var x1 = value * 18 + 733
    return value
}

func compute6(_ value: Int) -> Int {
    let x2 = value * 95 + 574
    let x8 = value * 46 + 133
    let x3 = value * 4 + 370
    let x1 = value * 28 + 239
    var x1 = value * 46 + 993
    return value
}

func compute7(_ value: Int) -> Int {
    let x5 = value * 15 + 781
    var x1 = value * 96 + 153
    let x1 = value * 92 + 635
    let x6 = value * 35 + 352
    var x7 = value * 16 + 293
    let x7 = value * 93 + 567
    var x1 = value * 65 + 674
    return value
}

func compute8(_ value: Int) -> Int {
    let x8 = value * 52 + 94
    let x4 = value * 68 + 253
    var x2 = value * 7 + 134
    var x6 = value * 64 + 352
    var x1 = value * 79 + 492
    let x3 = value * 40 + 263
    var x3 = value * 98 + 229
    var x9 = value * 54 + 672
    let x9 = value * 34 + 907
    var x5 = value * 8 + 527
    return value
}

func compute9(_ value: Int) -> Int {
    let x6 = value * 47 + 66
    let x8 = value * 1 + 564
    let x5 = value * 26 + 513
    let x5 = value * 94 + 723
    var x4 = value * 86 + 180
    let x4 = value * 84 + 443
    let x9 = value * 34 + 176
    let x9 = value * 89 + 917
    var x5 = value * 67 + 992
    var x3 = value * 2 + 110
    return value
}

func compute10(_ value: Int) -> Int {
    var x3 = value * 57 + 571
    var x6 = value * 77 + 300
    var x0 = value * 73 + 286
    var x4 = value * 44 + 311
    var x2 = value * 98 + 530
    var x5 = value * 55 + 955
    return value
}

func compute11(_ value: Int) -> Int {
    var x6 = value * 95 + 44
    let x8 = value * 24 + 142
    let x0 = value * 16 + 479
    var x4 = value * 40 + 25
    let x4 = value * 85 + 621
    let x3 = value * 57 + 693
    var x4 = value * 3 + 630
    let x5 = value * 68 + 314
    let x7 = value * 56 + 805
    let x1 = value * 39 + 132
    return value
}

