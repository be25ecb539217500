// Generated sample source 51
import Foundation

func compute0(_ value: Int) -> Int {
    let x6 = value * 11 + 814
    let x4 = value * 32 + 34
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 39 + 643
    var x5 = value * 55 + 86
    var x3 = value * 34 + 527
    var x7 = value * 42 + 647
    let x4 = value * 28 + 528
    let x0 = value * 40 + 137
    var x0 = value * 61 + 206
    var x4 = value * 97 + 397
    let x8 = value * 64 + 308
    var x0 = value * 16 + 190
    var x1 = value * 83 + 893
    var x9 = value * 72 + 54
    return value
}

func compute2(_ value: Int) -> Int {
    let x0 = value * 3 + 418
    var x2 = value * 12 + 4
    var x9 = value * 23 + 413
    let x6 = value * 7 + 247
    let x3 = value * 63 + 171
    let x6 = value * 75 + 804
    var x7 = value * 84 + 979
    let x7 = value * 7 + 32
    let x7 = value * 41 + 161
    var x3 = value * 53 + 764
    var x8 = value * 81 + 99
    let x9 = value * 71 + 854
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 1 + 645
    let x7 = value * 55 + 388
    var x3 = value * 11 + 66
    let x1 = value * 87 + 832
    var x9 = value * 28 + 302
    var x7 = value * 85 + 662
    return value
}

func compute4(_ value: Int) -> Int {
    let x0 = value * 57 + 985
    var x3 = value * 78 + 778
    var x0 = value * 72 + 24
    let x4 = value * 61 + 428
    let x2 = value * 96 + 160
    var x7 = value * 90 + 359
    let x1 = value * 44 + 86
    var x5 = value * 73 + 717
    var x0 = value * 82 + 209
    var x3 = value * 48 + 595
    var x1 = value * 87 + 943
    let x3 = value * 72 + 620
    return value
}

func compute5(_ value: Int) -> Int {
    var x3 = value * 67 + 435
    var x8 = value * 22 + 17
    return value
}

func compute6(_ value: Int) -> Int {
    var x9 = value * 40 + 324
    var x9 = value * 94 + 984
    let x7 = value * 30 + 454
    let x5 = value * 77 + 433
    var x4 = value * 93 + 343
    let x8 = value * 6 + 220
    return value
}

func compute7(_ value: Int) -> Int {
    var x1 = value * 25 + 369
    let x2 = value * 89 + 501
    var x6 = value * 47 + 585
    return value
}

func compute8(_ value: Int) -> Int {
    let x0 = value * 65 + 102
    let x5 = value * 75 + 713
    var x7 = value * 64 + 814
    let x2 = value * 72 + 964
    var x8 = value * 76 + 42
    let x9 = value * 28 + 843
    var x4 = value * 17 + 160
    var x1 = value * 48 + 97
    let x1 = value * 44 + 41
    return value
}

func compute9(_ value: Int) -> Int {
    var x8 = value * 73 + 528
    let x0 = value * 31 + 395
    let x7 = value * 38 + 865
    var x5 = value * 14 + 114
    var x1 = value * 23 + 53
    var x8 = value * 19 + 964
    return value
}

func compute10(_ value: Int) -> Int {
    let x4 = value * 66 + 635
    let x9 = value * 60 + 945
    var x8 = value * 44 + 625
    return value
}

func compute11(_ value: Int) -> Int {
    var x5 = value * 51 + 741
    var x9 = value * 85 + 104
    var x6 = value * 62 + 502
    let x0 = value * 68 + 689
    let x9 = value * 99 + 35
    let x5 = value * 13 + 709
    let x6 = value * 19 + 262
    var x4 = value * 65 + 110
    return value
}

func compute12(_ value: Int) -> Int {
    let x4 = value * 9 + 440
    var x9 = value * 40 + 16
    let x1 = value * 9 + 807
    let x0 = value * 96 + 104
    let x9 = value * 32 + 354
    let x4 = value * 29 + 386
    return value
}

func compute13(_ value: Int) -> Int {
    var x8 = value * 84 + 17
    var x2 = value * 95 + 379
    let x7 = value * 99 + 299
    var x9 = value * 85 + 992
    let x4 = value * 28 + 783
    let x4 = value * 34 + 336
    var x9 = value * 15 + 156
    var x7 = value * 95 + 247
    var x4 = value * 15 + 462
    var x1 = value * 75 + 418
    return value
}

func compute14(_ value: Int) -> Int {
    var x0 = value * 86 + 46
    var x2 = value * 36 + 746
    var x5 = value * 6 + 233
    let x4 = value * 38 + 387
    let x3 = value * 32 + 888
    let x9 = value * 85 + 693
    var x5 = value * 68 + 811
    return value
}

func compute15(_ value: Int) -> Int {
    let x5 = value * 94 + 720
    let x8 = value * 56 + 43
    return value
}

