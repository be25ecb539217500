// Generated sample source 6
import Foundation

func compute0(_ value: Int) -> Int {
    let x3 = value * 62 + 619
    var x7 = value * 11 + 149
    var x1 = value * 41 + 753
    let x2 = value * 79 + 502
    var x6 = value * 92 + 270
    var x0 = value * 89 + 356
    var x3 = value * 77 + 560
    var x3 = value * 41 + 887
    let x0 = value * 85 + 874
    var x6 = value * 84 + 556
    var x3 = value * 95 + 694
    var x0 = value * 7 + 779
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 79 + 372
    var x1 = value * 67 + 701
    var x2 = value * 21 + 512
    var x7 = value * 70 + 281
    let x7 = value * 26 + 313
    var x7 = value * 40 + 278
    var x9 = value * 99 + 928
    let x0 = value * 57 + 552
    let x5 = value * 46 + 871
    let x8 = value * 87 + 693
    return value
}

func compute2(_ value: Int) -> Int {
    var x6 = value * 64 + 79
    let x7 = value * 81 + 529
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 11 + 589
    let x0 = value * 94 + 806
    let x4 = value * 71 + 780
    var x0 = value * 37 + 694
    let x4 = value * 17 + 357
    var x6 = value * 66 + 680
    var x5 = value * 22 + 162
    let x9 = value * 5 + 572
    var x6 = value * 1 + 66
    var x9 = value * 16 + 471
    let x9 = value * 79 + 957
    var x0 = value * 34 + 663
    return value
}

func compute4(_ value: Int) -> Int {
    var x5 = value * 36 + 92
    let x8 = value * 12 + 68
    var x3 = value * 10 + 120
    let x3 = value * 52 + 576
    let x9 = value * 40 + 683
    var x8 = value * 40 + 255
    var x9 = value * 61 + 290
    let x6 = value * 78 + 752
    return value
}

func compute5(_ value: Int) -> Int {
    var x0 = value * 64 + 511
    var x3 = value * 54 + 110
    let x2 = value * 16 + 181
    var x1 = value * 49 + 189
    let x8 = value * 21 + 461
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 24 + 293
    let x2 = value * 46 + 784
    var x6 = value * 64 + 285
    var x2 = value * 60 + 90
    let x0 = value * 53 + 527
    var x0 = value * 62 + 389
    var x2 = value * 1 + 755
    var x6 = value * 21 + 796
    let x2 = value * 59 + 637
    var x0 = value * 32 + 321
    let x4 = value * 33 + 289
    return value
}

func compute7(_ value: Int) -> Int {
    var x2 = value * 10 + 367
    var x1 = value * 22 + 222
    return value
}

func compute8(_ value: Int) -> Int {
    let x8 = value * 56 + 612
    var x1 = value * 88 + 778
    let x0 = value * 14 + 915
    var x9 = value * 22 + 184
    var x7 = value * 92 + 583
    let x4 = value * 86 + 158
    var x2 = value * 99 + 537
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 10 + 712
    let x5 = value * 89 + 66
    let x7 = value * 12 + 751
    var x1 = value * 65 + 322
    return value
}

func compute10(_ value: Int) -> Int {
    var x3 = value * 15 + 82
    var x4 = value * 37 + 76
    var x5 = value * 44 + 30
    return value
}

func compute11(_ value: Int) -> Int {
    let x2 = value * 17 + 662
    var x0 = value * 42 + 309
    let x4 = value * 3 + 921
    let x1 = value * 67 + 236
    let x5 = value * 51 + 391
    var x2 = value * 45 + 265
    var x9 = value * 47 + 997
    return value
}

func compute12(_ value: Int) -> Int {
    let x7 = value * 5 + 721
    var x3 = value * 10 + 938
    let x6 = value * 36 + 609
    let x8 = value * 78 + 539
    var x0 = value * 92 + 940
    var x4 = value * 78 + 29
    var x5 = value * 53 + 711
    return value
}

func compute13(_ value: Int) -> Int {
    let x9 = value * 40 + 440
    let x7 = value * 34 + 850
    let x0 = value * 14 + 401
    var x8 = value * 74 + 272
    var x2 = value * 8 + 356
    let x3 = value * 68 + 317
    let x0 = value * 57 + 898
    let x2 = value * 42 + 991
    return value
}

