// Generated sample source 3
import Foundation

func compute0(_ value: Int) -> Int {
    let x3 = value * 94 + 65
    var x6 = value * 72 + 420
    let x2 = value * 68 + 638
    var x1 = value * 74 + 564
    var x3 = value * 64 + 764
    var x8 = value * 6 + 289
    let x8 = value * 25 + 13
    let x2 = value * 87 + 928
    var x0 = value * 94 + 632
    let x4 = value * 67 + 754
    let x9 = value * 79 + 553
    return value
}

func compute1(_ value: Int) -> Int {
    var x3 = value * 87 + 106
    var x3 = value * 85 + 608
    var x7 = value * 83 + 803
    let x2 = value * 56 + 916
    let x9 = value * 60 + 915
    var x3 = value * 98 + 263
    let x1 = value * 43 + 199
    let x0 = value * 92 + 660
    var x5 = value * 39 + 597
    return value
}

func compute2(_ value: Int) -> Int {
    let x3 = value * 5 + 786
    var x3 = value * 40 + 29
    let x6 = value * 42 + 240
    let x8 = value * 95 + 190
    let x9 = value * 7 + 533
    var x1 = value * 31 + 784
    var x3 = value * 82 + 329
    var x8 = value * 12 + 882
    var x7 = value * 77 + 716
    let x1 = value * 33 + 992
    let x5 = value * 55 + 401
    var x3 = value * 48 + 728
    return value
}

func compute3(_ value: Int) -> Int {
    var x1 = value * 8 + 33
    var x7 = value * 33 + 874
    var x2 = value * 4 + 551
    var x7 = value * 16 + 201
    var x4 = value * 75 + 436
    var x7 = value * 1 + 622
    var x1 = value * 19 + 981
    let x2 = value * 95 + 449
    return value
}

func compute4(_ value: Int) -> Int {
    var x5 = value * 47 + 65
    let x8 = value * 23 + 101
    var x0 = value * 60 + 892
    let x4 = value * 9 + 866
    let x5 = value * 60 + 976
    let x1 = value * 36 + 308
    var x5 = value * 74 + 342
    return value
}

func compute5(_ value: Int) -> Int {
    let x4 = value * 63 + 560
    let x3 = value * 53 + 82
    var x5 = value * 9 + 875
    let x7 = value * 9 + 121
    let x7 = value * 76 + 970
    let x5 = value * 93 + 401
    var x3 = value * 81 + 380
    return value
}

func compute6(_ value: Int) -> Int {
    var x1 = value * 10 + 533
    var x6 = value * 33 + 897
    let x1 = value * 78 + 862
    var x8 = value * 19 + 535
    var x6 = value * 57 + 27
    var x1 = value * 95 + 245
    return value
}

func compute7(_ value: Int) -> Int {
    let x7 = value * 41 + 471
    var x8 = value * 77 + 490
    var x4 = value * 39 + 863
    let x4 = value * 8 + 972
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 25 + 927
    var x8 = value * 57 + 530
    let x1 = value * 52 + 477
    var x2 = value * 41 + 51
    var x4 = value * 18 + 304
    var x0 = value * 57 + 338
    return value
}

func compute9(_ value: Int) -> Int {
    let x4 = value * 64 + 616
    let x8 = value * 56 + 292
    let x0 = value * 35 + 617
    let x8 = value * 55 + 662
    let x6 = value * 59 + 927
    let x9 = value * 12 + 518
    let x9 = value * 41 + 380
    var x3 = value * 75 + 413
    let x1 = value * 24 + 209
    let x6 = value * 91 + 723
    var x5 = value * 49 + 247
    return value
}

func compute10(_ value: Int) -> Int {
    let x6 = value * 75 + 907
    let x1 = value * 32 + 709
    var x6 = value * 15 + 422
    return value
}

func compute11(_ value: Int) -> Int {
    var x1 = value * 32 + 842
    let x9 = value * 10 + 429
    let x5 = value * 94 + 679
    var x2 = value * 2 + 97
    var x3 = value * 60 + 132
    let x4 = value * 12 + 561
    var x2 = value * 65 + 573
    var x4 = value * 45 + 158
    let x4 = value * 94 + 963
    let x8 = value * 46 + 212
    var x5 = value * 63 + 30
    return value
}

func compute12(_ value: Int) -> Int {
    var x1 = value * 18 + 494
    var x3 = value * 39 + 768
    return value
}

func compute13(_ value: Int) -> Int {
    var x3 = value * 9 + 298
    var x2 = value * 5 + 288
    return value
}

func compute14(_ value: Int) -> Int {
    let x6 = value * 35 + 271
    var x0 = value * 34 + 500
    let x6 = value * 19 + 91
    let x9 = value * 66 + 394
    var x8 = value * 78 + 321
    var x3 = value * 28 + 288
    var x5 = value * 3 + 242
    var x2 = value * 49 + 915
    var x7 = value * 67 + 865
    let x1 = value * 46 + 882
    return value
}

func compute15(_ value: Int) -> Int {
    var x2 = value * 51 + 759
    let x9 = value * 13 + 52
    let x0 = value * 74 + 358
    let x9 = value * 40 + 283
    let x7 = value * 66 + 738
    var x9 = value * 23 + 775
    let x4 = value * 41 + 393
    var x5 = value * 42 + 941
    return value
}

