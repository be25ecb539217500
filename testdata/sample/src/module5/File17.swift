// Generated sample source 17
import Foundation

func compute0(_ value: Int) -> Int {
    let x6 = value * 87 + 1
    let x8 = value * 50 + 188
    var x7 = value * 71 + 462
    return value
}

func compute1(_ value: Int) -> Int {
    var x8 = value * 44 + 532
    var x1 = value * 85 + 442
    return value
}

func compute2(_ value: Int) -> Int {
    var x4 = value * 93 + 148
    var x5 = value * 76 + 340
    let x6 = value * 93 + 353
    var x0 = value * 80 + 607
    var x6 = value * 85 + 922
    var x1 = value * 74 + 269
    let x8 = value * 36 + 994
    var x4 = value * 36 + 608
    var x5 = value * 59 + 72
    var x1 = value * 14 + 798
    let x4 = value * 91 + 771
    return value
}

func compute3(_ value: Int) -> Int {
    let x1 = value * 85 + 279
    var x5 = value * 79 + 634
    var x8 = value * 52 + 204
    var x5 = value * 93 + 323
    var x9 = value * 88 + 953
    var x9 = value * 44 + 320
    let x6 = value * 47 + 720
    var x1 = value * 52 + 908
    var x0 = value * 56 + 563
    return value
}

func compute4(_ value: Int) -> Int {
    var x4 = value * 7 + 93
    let x3 = value * 41 + 88
    let x0 = value * 20 + 767
    let x1 = value * 27 + 180
    let x2 = value * 13 + 233
    return value
}

func compute5(_ value: Int) -> Int {
    var x5 = value * 49 + 385
    let x5 = value * 87 + 965
    var x6 = value * 89 + 384
    let x5 = value * 81 + 431
    var x5 = value * 7 + 509
    var x1 = value * 2 + 739
    let x1 = value * 68 + 164
    return value
}

func compute6(_ value: Int) -> Int {
    let x3 = value * 4 + 755
    var x7 = value * 8 + 433
    var x2 = value * 61 + 625
    var x3 = value * 57 + 881
    return value
}

func compute7(_ value: Int) -> Int {
    let x7 = value * 13 + 690
    let x7 = value * 35 + 417
    let x2 = value * 1 + 129
    var x4 = value * 70 + 826
    let x7 = value * 19 + 274
    let x9 = value * 32 + 80
    let x7 = value * 89 + 446
    var x3 = value * 65 + 165
    let x8 = value * 73 + 789
    var x0 = value * 95 + 554
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 96 + 297
    let x5 = value * 90 + 264
    var x0 = value * 40 + 304
    var x8 = value * 44 + 206
    var x0 = value * 70 + 231
    return value
}

func compute9(_ value: Int) -> Int {
    let x8 = value * 58 + 343
    var x0 = value * 89 + 280
    var x3 = value * 92 + 823
    var x7 = value * 73 + 663
    var x0 = value * 79 + 589
    let x1 = value * 35 + 841
    let x4 = value * 78 + 363
    let x2 = value * 94 + 810
    var x5 = value * 57 + 82
    let x4 = value * 60 + 21
    return value
}

func compute10(_ value: Int) -> Int {
    let x0 = value * 75 + 156
    var x9 = value * 9 + 98
    let x7 = value * 99 + 748
    let x8 = value * 2 + 92
    return value
}

func compute11(_ value: Int) -> Int {
    let x6 = value * 53 + 504
    let x6 = value * 68 + 572
    let x4 = value * 84 + 815
    let x2 = value * 18 + 151
    var x9 = value * 48 + 768
    let x2 = value * 84 + 479
    let x8 = value * 61 + 170
    let x5 = value * 80 + 661
    return value
}

