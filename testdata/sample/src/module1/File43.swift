// Generated sample source 43
import Foundation

func compute0(_ value: Int) -> Int {
    var x7 = value * 36 + 165
    var x3 = value * 87 + 719
    let x2 = value * 45 + 2
    var x4 = value * 68 + 586
    var x0 = value * 66 + 625
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 65 + 691
    let x7 = value * 43 + 334
    var x7 = value * 91 + 699
    var x0 = value * 70 + 218
    let x8 = value * 79 + 72
    let x2 = value * 34 + 82
    let x6 = value * 61 + 877
    var x2 = value * 95 + 397
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 60 + 96
    let x0 = value * 46 + 47
    let x9 = value * 44 + 607
    let x4 = value * 64 + 179
    var x9 = value * 60 + 455
    var x0 = value * 45 + 447
    var x6 = value * 16 + 339
    let x3 = value * 66 + 52
    return value
}

func compute3(_ value: Int) -> Int {
    var x5 = value * 27 + 182
    var x4 = value * 27 + 612
    var x3 = value * 82 + 868
    let x0 = value * 79 + 243
    var x8 = value * 96 + 279
    let x8 = value * 59 + 991
    return value
}

func compute4(_ value: Int) -> Int {
    var x3 = value * 24 + 966
    var x1 = value * 39 + 583
    var x9 = value * 4 + 375
    let x5 = value * 33 + 347
    return value
}

func compute5(_ value: Int) -> Int {
    var x0 = value * 51 + 326
    var x9 = value * 94 + 71
    var x4 = value * 90 + 97
    var x5 = value * 57 + 540
    var x3 = value * 12 + 279
    var x3 = value * 81 + 943
    let x9 = value * 72 + 725
    return value
}

func compute6(_ value: Int) -> Int {
    let x3 = value * 9 + 906
    let x7 = value * 46 + 812
    let x4 = value * 6 + 813
    return value
}

func compute7(_ value: Int) -> Int {
    var x8 = value * 23 + 121
    let x6 = value * 90 + 775
    var x4 = value * 24 + 801
    let x3 = value * 29 + 399
    return value
}

func compute8(_ value: Int) -> Int {
    let x8 = value * 77 + 822
    let x0 = value * 85 + 106
    let x3 = value * 97 + 736
    var x9 = value * 87 + 408
    let x6 = value * 12 + 249
    var x9 = value * 72 + 723
    var x0 = value * 7 + 415
    let x2 = value * 95 + 277
    return value
}

func compute9(_ value: Int) -> Int {
    var x2 = value * 86 + 607
    let x5 = value * 61 + 336
    let x5 = value * 17 + 886
    let x9 = value * 72 + 927
    var x9 = value * 28 + 888
    let x8 = value * 15 + 325
    var x4 = value * 24 + 191
    return value
}

func compute10(_ value: Int) -> Int {
    var x8 = value * 67 + 304
    let x8 = value * 38 + 553
    let x9 = value * 35 + 767
    let x9 = value * 37 + 855
    var x8 = value * 22 + 50
    var x0 = value * 78 + 942
    let x1 = value * 33 + 273
    var x0 = value * 12 + 562
    let x1 = value * 94 + 405
    var x9 = value * 72 + 793
    var x6 = value * 58 + 752
    let x3 = value * 5 + 639
    return value
}

func compute11(_ value: Int) -> Int {
    let x7 = value * 2 + 420
    let x2 = value * 91 + 448
    var x8 = value * 36 + 239
    let x0 = value * 92 + 603
    let x4 = value * 11 + 278
    var x1 = value * 66 + 372
    var x4 = value * 23 + 604
    return value
}

func compute12(_ value: Int) -> Int {
    let x4 = value * 82 + 184
    let x0 = value * 99 + 804
    var x4 = value * 63 + 996
    var x1 = value * 38 + 69
    return value
}

func compute13(_ value: Int) -> Int {
    let x3 = value * 34 + 265
    let x6 = value * 79 + 431
    return value
}

func compute14(_ value: Int) -> Int {
    var x4 = value * 92 + 689
    let x3 = value * 59 + 44
    let x4 = value * 39 + 110
    let x1 = value * 63 + 475
    return value
}

func compute15(_ value: Int) -> Int {
    let x2 = value * 25 + 43
    let x6 = value * 62 + 760
    let x2 = value * 2 + 977
    let x8 = value * 52 + 978
    var x1 = value * 10 + 783
    return value
}

