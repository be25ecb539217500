// Generated sample source 9
import Foundation

func compute0(_ value: Int) -> Int {
    var x0 = value * 65 + 905
    var x4 = value * 64 + 211
    var x2 = value * 90 + 496
    var x3 = value * 57 + 218
    let x6 = value * 12 + 872
    let x0 = value * 8 + 55
    let x7 = value * 17 + 499
    var x3 = value * 18 + 447
    let x8 = value * 50 + 126
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 55 + 905
    var x2 = value * 34 + 148
    var x4 = value * 63 + 495
    let x8 = value * 30 + 92
    let x4 = value * 31 + 168
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 2 + 10
    var x9 = value * 26 + 152
    let x6 = value * 27 + 258
    var x0 = value * 9 + 376
    let x1 = value * 5 + 937
    let x1 = value * 54 + 898
    var x7 = value * 2 + 829
    let x5 = value * 6 + 366
    var x6 = value * 26 + 226
    return value
}

func compute3(_ value: Int) -> Int {
    let x7 = value * 32 + 454
    let x4 = value * 12 + 96
    var x6 = value * 53 + 36
    var x7 = value * 35 + 331
    var x0 = value * 85 + 709
    return value
}

func compute4(_ value: Int) -> Int {
    let x8 = value * 25 + 999
    var x7 = value * 59 + 110
    var x2 = value * 17 + 121
    let x5 = value * 2 + 31
    let x2 = value * 3 + 623
    let x3 = value * 69 + 0
    var x8 = value * 69 + 232
    let x6 = value * 48 + 743
    let x6 = value * 77 + 541
    let x8 = value * 63 + 308
    return value
}

func compute5(_ value: Int) -> Int {
    let x1 = value * 92 + 858
    let x0 = value * 25 + 279
    var x8 = value * 27 + 516
    var x1 = value * 66 + 485
    var x5 = value * 59 + 880
    var x8 = value * 33 + 523
    return value
}

func compute6(_ value: Int) -> Int {
    let x9 = value * 52 + 634
    let x0 = value * 63 + 555
    let x0 = value * 50 + 41
    var x9 = value * 49 + 566
    let x1 = value * 81 + 202
    let x8 = value * 46 + 647
    var x2 = value * 76 + 357
    var x5 = value * 4 + 379
    return value
}

func compute7(_ value: Int) -> Int {
    var x3 = value * 5 + 707
    var x8 = value * 48 + 836
    var x8 = value * 97 + 194
    let x6 = value * 44 + 805
    var x3 = value * 15 + 560
    let x9 = value * 88 + 112
    var x4 = value * 9 + 508
    return value
}

func compute8(_ value: Int) -> Int {
    var x8 = value * 7 + 282
    var x4 = value * 95 + 278
    let x7 = value * 24 + 161
    var x3 = value * 38 + 721
    let x5 = value * 48 + 458
    var x5 = value * 19 + 688
    let x3 = value * 94 + 18
    let x7 = value * 42 + 254
    var x8 = value * 31 + 813
    let x1 = value * 94 + 24
    return value
}

func compute9(_ value: Int) -> Int {
    let x9 = value * 78 + 323
    var x7 = value * 40 + 634
    let x0 = value * 97 + 440
    let x4 = value * 47 + 446
    var x6 = value * 42 + 706
    let x8 = value * 82 + 384
    let x4 = value * 9 + 727
    var x3 = value * 53 + 419
    let x8 = value * 27 + 796
    return value
}

func compute10(_ value: Int) -> Int {
    let x7 = value * 28 + 269
    let x6 = value * 73 + 68
    let x3 = value * 76 + 826
    var x3 = value * 1 + 367
    var x2 = value * 70 + 55
    let x2 = value * 64 + 469
    let x4 = value * 13 + 744
    var x3 = value * 41 + 177
    var x0 = value * 82 + 73
    let x6 = value * 26 + 102
    var x6 = value * 78 + 117
    return value
}

func compute11(_ value: Int) -> Int {
    let x3 = value * 86 + 677
    let x0 = value * 26 + 992
    var x4 = value * 20 + 94
    let x4 = value * 56 + 944
    var x7 = value * 69 + 919
    return value
}

func compute12(_ value: Int) -> Int {
    var x1 = value * 87 + 899
    var x6 = value * 77 + 961
    let x1 = value * 53 + 227
    var x1 = value * 5 + 426
    let x1 = value * 38 + 521
    return value
}

