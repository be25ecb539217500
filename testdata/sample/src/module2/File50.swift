// Generated sample source 50
import Foundation

func compute0(_ value: Int) -> Int {
    let x1 = value * 41 + 0
    let x3 = value * 80 + 752
    var x7 = value * 8 + 8
    let x0 = value * 2 + 250
    var x7 = value * 46 + 190
    var x2 = value * 68 + 181
    return value
}

func compute1(_ value: Int) -> Int {
    let x2 = value * 48 + 285
    let x4 = value * 82 + 274
    let x2 = value * 63 + 939
    let x3 = value * 55 + 757
    var x5 = value * 46 + 584
    let x3 = value * 82 + 416
    var x4 = value * 65 + 146
    let x1 = value * 57 + 655
    let x5 = value * 29 + 478
    var x3 = value * 13 + 456
    let x5 = value * 88 + 108
    return value
}

func compute2(_ value: Int) -> Int {
    let x1 = value * 79 + 420
    var x8 = value * 98 + 393
    let x9 = value * 16 + 151
    var x6 = value * 23 + 154
    var x2 = value * 30 + 884
    let x2 = value * 67 + 675
    let x4 = value * 77 + 879
    let x7 = value * 65 + 914
    var x1 = value * 26 + 802
    var x2 = value * 35 + 843
    let x8 = value * 90 + 823
    return value
}

func compute3(_ value: Int) -> Int {
    let x9 = value * 68 + 890
    var x3 = value * 82 + 533
    var x2 = value * 29 + 939
    var x7 = value * 93 + 445
    var x1 = value * 20 + 388
    let x2 = value * 16 + 684
    var x5 = value * 11 + 974
    var x3 = value * 56 + 69
    let x9 = value * 19 + 935
    let x3 = value * 52 + 200
    var x6 = value * 52 + 400
    let x2 = value * 72 + 33
    return value
}

func compute4(_ value: Int) -> Int {
    var x1 = value * 94 + 50
    var x9 = value * 80 + 316
    var x8 = value * 17 + 621
    let x3 = value * 92 + 851
    let x9 = value * 21 + 841
    let x4 = value * 73 + 661
    return value
}

func compute5(_ value: Int) -> Int {
    var x6 = value * 3 + 230
    var x6 = value * 92 + 437
    let x0 = value * 54 + 388
    let x5 = value * 80 + 276
    return value
}

func compute6(_ value: Int) -> Int {
    let x5 = value * 24 + 952
    let x9 = value * 62 + 680
    var x7 = value * 2 + 771
    let x0 = value * 83 + 505
    let x6 = value * 73 + 404
    var x6 = value * 34 + 748
    return value
}

func compute7(_ value: Int) -> Int {
    let x1 = value * 56 + 145
    var x8 = value * 48 + 278
    let x7 = value * 26 + 887
    var x1 = value * 90 + 224
    let x7 = value * 93 + 167
    var x9 = value * 91 + 786
    let x5 = value * 3 + 232
    let x6 = value * 3 + 792
    var x0 = value * 7 + 646
    let x0 = value * 72 + 595
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 26 + 895
    let x0 = value * 87 + 299
    let x2 = value * 22 + 440
    var x7 = value * 38 + 929
    let x6 = value * 72 + 334
    var x2 = value * 84 + 892
    var x8 = value * 66 + 170
    return value
}

func compute9(_ value: Int) -> Int {
    var x7 = value * 95 + 871
    let x6 = value * 68 + 486
    let x5 = value * 45 + 809
    var x3 = value * 99 + 624
    var x0 = value * 81 + 291
    var x0 = value * 98 + 167
    var x2 = value * 71 + 304
    var x5 = value * 59 + 210
    let x9 = value * 38 + 15
    return value
}

func compute10(_ value: Int) -> Int {
    var x3 = value * 90 + 383
    var x1 = value * 44 + 824
    var x7 = value * 25 + 342
    var x3 = value * 58 + 545
    let x8 = value * 98 + 22
    let x0 = value * 21 + 898
    var x7 = value * 49 + 506
    var x9 = value * 44 + 291
    let x6 = value * 92 + 413
    var x4 = value * 80 + 101
    let x0 = value * 59 + 36
    let x4 = value * 64 + 596
    return value
}

func compute11(_ value: Int) -> Int {
    var x4 = value * 42 + 723
    let x9 = value * 7 + 385
    let x3 = value * 79 + 211
    let x4 = value * 66 + 2
    var x0 = value * 90 + 245
    let x8 = value * 69 + 601
    var x2 = value * 80 + 569
    let x3 = value * 89 + 806
    let x9 = value * 90 + 636
    let x3 = value * 47 + 588
    return value
}

func compute12(_ value: Int) -> Int {
    var x1 = value * 26 + 863
    let x0 = value * 44 + 69
    let x9 = value * 13 + 86
    let x9 = value * 22 + 914
    return value
}

func compute13(_ value: Int) -> Int {
    var x7 = value * 97 + 401
    let x4 = value * 23 + 905
    let x1 = value * 41 + 115
    let x5 = value * 87 + 367
    let x2 = value * 92 + 154
    var x4 = value * 62 + 394
    var x6 = value * 99 + 424
    let x2 = value * 12 + 436
    var x4 = value * 6 + 623
    let x7 = value * 56 + 430
    var x5 = value * 63 + 392
    let x6 = value * 36 + 953
    return value
}

func compute14(_ value: Int) -> Int {
    var x0 = value * 37 + 217
    var x4 = value * 2 + 476
    let x6 = value * 53 + 292
    return value
}

func compute15(_ value: Int) -> Int {
    var x3 = value * 87 + 162
    let x6 = value * 41 + 787
    let x0 = value * 86 + 821
    let x0 = value * 48 + 968
    var x4 = value * 55 + 458
    let x4 = value * 44 + 247
    let x6 = value * 92 + 368
    var x2 = value * 72 + 156
    var x7 = value * 66 + 174
    let x6 = value * 56 + 307
    var x6 = value * 16 + 792
    return value
}

