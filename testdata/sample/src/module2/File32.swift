// Generated sample source 32
import Foundation

func compute0(_ value: Int) -> Int {
    var x7 = value * 45 + 747
    var x5 = value * 50 + 621
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 32 + 111
    var x1 = value * 21 + 975
    var x1 = value * 90 + 877
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 21 + 324
    let x8 = value * 23 + 937
    var x1 = value * 95 + 888
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 7 + 234
    let x6 = value * 69 + 42
    var x3 = value * 78 + 299
    let x5 = value * 94 + 429
    let x4 = value * 38 + 317
    let x0 = value * 89 + 510
    let x8 = value * 31 + 914
    var x7 = value * 35 + 979
    let x9 = value * 48 + 730
    var x7 = value * 56 + 422
    let x2 = value * 8 + 865
    return value
}

func compute4(_ value: Int) -> Int {
    var x6 = value * 70 + 747
    let x9 = value * 53 + 314
    let x5 = value * 81 + 660
    let x2 = value * 59 + 693
    var x8 = value * 96 + 469
    let x5 = value * 21 + 642
    let x5 = value * 81 + 479
    let x9 = value * 5 + 475
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 13 + 671
    var x3 = value * 54 + 225
    var x1 = value * 6 + 356
    let x4 = value * 90 + 583
    var x0 = value * 39 + 440
    var x5 = value * 14 + 732
    let x8 = value * 41 + 96
    var x1 = value * 95 + 759
    var x5 = value * 83 + 355
    return value
}

func compute6(_ value: Int) -> Int {
    var x8 = value * 80 + 71
    var x4 = value * 34 + 347
    let x1 = value * 92 + 500
    let x5 = value * 42 + 328
    var x6 = value * 60 + 435
    var x7 = value * 92 + 728
    var x0 = value * 3 + 400
    var x7 = value * 41 + 284
    var x9 = value * 50 + 363
    let x2 = value * 96 + 570
    let x8 = value * 88 + 281
    return value
}

func compute7(_ value: Int) -> Int {
    var x8 = value * 86 + 805
    let x5 = value * 87 + 664
    let x5 = value * 78 + 111
    var x7 = value * 22 + 22
    let x3 = value * 46 + 733
    let x1 = value * 84 + 897
    var x5 = value * 39 + 739
    var x5 = value * 20 + 83
    let x8 = value * 99 + 746
    let x7 = value * 96 + 807
    let x0 = value * 93 + 63
    return value
}

func compute8(_ value: Int) -> Int {
    let x3 = value * 72 + 661
    var x8 = value * 63 + 772
    let x4 = value * 66 + 488
    let x8 = value * 51 + 943
    var x7 = value * 77 + 267
    let x7 = value * 42 + 527
    var x0 = value * 3 + 352
    let x0 = value * 22 + 818
    var x0 = value * 69 + 247
    var x1 = value * 56 + 657
    var x2 = value * 2 + 360
    return value
}

func compute9(_ value: Int) -> Int {
    let x6 = value * 98 + 681
    let x6 = value * 4 + 724
    var x4 = value * 93 + 632
    let x3 = value * 21 + 443
    var x9 = value * 24 + 800
    let x3 = value * 12 + 275
    let x2 = value * 47 + 447
    return value
}

func compute10(_ value: Int) -> Int {
    var x0 = value * 57 + 38
    let x3 = value * 29 + 993
    var x1 = value * 51 + 128
    var x8 = value * 31 + 613
    var x6 = value * 15 + 144
    var x9 = value * 81 + 700
    var x6 = value * 15 + 258
    let x6 = value * 68 + 369
    let x5 = value * 62 + 56
    return value
}

func compute11(_ value: Int) -> Int {
    let x6 = value * 13 + 103
    var x5 = value * 17 + 20
    let x9 = value * 31 + 227
    var x5 = value * 17 + 664
    return value
}

func compute12(_ value: Int) -> Int {
    var x6 = value * 47 + 324
    var x3 = value * 52 + 730
    return value
}

func compute13(_ value: Int) -> Int {
    var x8 = value * 54 + 3
    let x3 = value * 4 + 508
    var x2 = value * 65 + 667
    var x8 = value * 6 + 586
    return value
}

func compute14(_ value: Int) -> Int {
    let x2 = value * 72 + 799
    let x0 = value * 56 + 93
    var x9 = value * 22 + 912
    let x2 = value * 48 + 225
    let x9 = value * 45 + 93
    let x6 = value * 31 + 536
    let x7 = value * 50 + 453
    let x0 = value * 12 + 119
    let x0 = value * 63 + 520
    var x2 = value * 81 + 612
    let x7 = value * 49 + 267
    let x5 = value * 15 + 962
    return value
}

func compute15(_ value: Int) -> Int {
    var x1 = value * 20 + 711
    var x3 = value * 5 + 52
    let x4 = value * 3 + 196
    let x2 = value * 39 + 668
    var x5 = value * 75 + 898
    let x6 = value * 2 + 11
    var x5 = value * 44 + 438
    var x0 = value * 50 + 311
    var x7 = value * 51 + 947
    var x4 = value * 11 + 886
    return value
}

