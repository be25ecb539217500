// Generated sample source 21
import Foundation

func compute0(_ value: Int) -> Int {
    var x7 = value * 87 + 136
    let x5 = value * 61 + 980
    var x2 = value * 88 + 187
    return value
}

func compute1(_ value: Int) -> Int {
    let x0 = value * 29 + 486
    let x7 = value * 75 + 818
    var x5 = value * 33 + 572
    let x2 = value * 26 + 443
    var x0 = value * 20 + 235
    let x3 = value * 9 + 193
    return value
}

func compute2(_ value: Int) -> Int {
    let x3 = value * 10 + 725
    let x4 = value * 89 + 296
    var x8 = value * 47 + 233
    let x4 = value * 35 + 875
    var x3 = value * 32 + 697
    let x3 = value * 30 + 951
    var x8 = value * 41 + 730
    var x5 = value * 23 + 997
    let x8 = value * 36 + 692
    var x6 = value * 28 + 344
    var x4 = value * 55 + 316
    var x2 = value * 71 + 919
    return value
}

func compute3(_ value: Int) -> Int {
    let x6 = value * 72 + 470
    let x1 = value * 11 + 980
    var x4 = value * 11 + 641
    var x2 = value * 55 + 932
    let x7 = value * 24 + 652
    let x7 = value * 61 + 519
    var x9 = value * 86 + 775
    let x1 = value * 86 + 588
    let x7 = value * 92 + 131
    let x9 = value * 47 + 910
    var x2 = value * 23 + 151
    let x3 = value * 64 + 99
    return value
}

func compute4(_ value: Int) -> Int {
    var x9 = value * 68 + 845
    let x5 = value * 43 + 626
    var x5 = value * 78 + 607
    var x8 = value * 36 + 811
    return value
}

func compute5(_ value: Int) -> Int {
    var x6 = value * 99 + 680
    var x9 = value * 37 + 856
    let x0 = value * 31 + 379
    let x1 = value * 83 + 887
    let x8 = value * 18 + 520
    var x6 = value * 39 + 979
    var x0 = value * 61 + 321
    var x0 = value * 37 + 397
    var x2 = value * 78 + 240
    let x4 = value * 36 + 16
    var x9 = value * 69 + 86
    let x3 = value * 15 + 550
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 13 + 757
    var x3 = value * 68 + 50
    let x4 = value * 18 + 407
    var x8 = value * 64 + 506
    let x5 = value * 16 + 364
    var x1 = value * 94 + 568
    let x6 = value * 67 + 701
    var x0 = value * 77 + 123
    return value
}

func compute7(_ value: Int) -> Int {
    let x9 = value * 38 + 502
    let x9 = value * 57 + 254
    let x9 = value * 5 + 113
    var x3 = value * 49 + 46
    var x4 = value * 59 + 501
    let x8 = value * 34 + 664
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 55 + 852
    let x8 = value * 30 + 457
    var x9 = value * 85 + 820
    var x3 = value * 51 + 805
    let x9 = value * 55 + 395
    var x6 = value * 25 + 22
    var x8 = value * 97 + 289
    let x9 = value * 23 + 373
    return value
}

func compute9(_ value: Int) -> Int {
    var x9 = value * 16 + 463
    let x6 = value * 92 + 905
    let x8 = value * 23 + 574
    var x9 = value * 51 + 357
    var x8 = value * 40 + 394
    var x8 = value * 81 + 309
    var x1 = value * 94 + 308
    var x3 = value * 97 + 263
    return value
}

