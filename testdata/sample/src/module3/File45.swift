// Generated sample source 45
import Foundation

func compute0(_ value: Int) -> Int {
    let x8 = value * 92 + 128
    var x8 = value * 94 + 686
    var x8 = value * 38 + 828
    var x7 = value * 24 + 263
    var x8 = value * 63 + 22
    let x0 = value * 77 + 974
    var x7 = value * 87 + 583
    var x4 = value * 79 + 521
    var x7 = value * 22 + 281
    var x5 = value * 64 + 62
    return value
}

func compute1(_ value: Int) -> Int {
    var x3 = value * 97 + 779
    var x2 = value * 72 + 400
    var x5 = value * 78 + 44
    return value
}

func compute2(_ value: Int) -> Int {
    let x8 = value * 35 + 206
    var x5 = value * 69 + 385
    let x3 = value * 75 + 124
    let x3 = value * 77 + 0
    let x4 = value * 2 + 870
    var x0 = value * 88 + 828
    var x9 = value * 78 + 509
    let x0 = value * 31 + 750
    return value
}

func compute3(_ value: Int) -> Int {
    let x6 = value * 20 + 402
    let x5 = value * 42 + 111
    let x4 = value * 44 + 85
    var x7 = value * 47 + 10
    var x6 = value * 3 + 807
    var x1 = value * 78 + 71
    let x2 = value * 35 + 884
    return value
}

func compute4(_ value: Int) -> Int {
    var x2 = value * 88 + 766
    let x2 = value * 50 + 299
    let x6 = value * 44 + 955
    var x4 = value * 25 + 84
    let x8 = value * 82 + 324
    let x8 = value * 37 + 893
    let x8 = value * 80 + 802
    var x0 = value * 32 + 6
    return value
}

func compute5(_ value: Int) -> Int {
    var x0 = value * 68 + 506
    let x5 = value * 83 + 368
    var x2 = value * 33 + 914
    let x7 = value * 9 + 863
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 3 + 23
    var x3 = value * 33 + 47
    var x9 = value * 94 + 201
    var x6 = value * 74 + 491
    let x1 = value * 46 + 630
    let x5 = value * 58 + 77
    var x5 = value * 66 + 862
    let x2 = value * 71 + 834
    var x6 = value * 65 + 539
    let x1 = value * 52 + 545
    let x9 = value * 2 + 200
    var x7 = value * 3 + 186
    return value
}

func compute7(_ value: Int) -> Int {
    var x7 = value * 96 + 694
    let x3 = value * 49 + 194
    let x0 = value * 55 + 214
    let x6 = value * 87 + 759
    return value
}

func compute8(_ value: Int) -> Int {
    let x6 = value * 53 + 508
    var x1 = value * 99 + 633
    let x5 = value * 9 + 974
    var x5 = value * 87 + 903
    var x4 = value * 45 + 567
    var x8 = value * 59 + 459
    var x0 = value * 67 + 348
    var x1 = value * 88 + 876
    var x5 = value * 72 + 490
    return value
}

func compute9(_ value: Int) -> Int {
    var x0 = value * 88 + 150
    let x0 = value * 72 + 484
    let x0 = value * 17 + 558
    var x7 = value * 4 + 733
    let x8 = value * 88 + 410
    return value
}

func compute10(_ value: Int) -> Int {
    let x7 = value * 74 + 179
    var x7 = value * 81 + 785
    var x4 = value * 42 + 439
    return value
}

func compute11(_ value: Int) -> Int {
    let x0 = value * 52 + 178
    let x5 = value * 47 + 352
    var x1 = value * 50 + 511
    var x1 = value * 23 + 582
    let x5 = value * 80 + 944
    var x5 = value * 39 + 460
    let x9 = value * 67 + 825
    let x6 = value * 6 + 813
    var x0 = value * 86 + 14
    let x1 = value * 81 + 140
    let x5 = value * 92 + 6
    return value
}

