// Generated sample source 57
import Foundation

func compute0(_ value: Int) -> Int {
    var x1 = value * 27 + 727
    var x4 = value * 66 + 42
    let x4 = value * 80 + 719
    let x1 = value * 13 + 279
    let x1 = value * 87 + 419
    var x2 = value * 6 + 619
    var x2 = value * 12 + 868
    var x1 = value * 99 + 849
    let x0 = value * 47 + 913
    var x3 = value * 13 + 235
    var x0 = value * 18 + 63
    let x2 = value * 2 + 296
    return value
}

func compute1(_ value: Int) -> Int {
    var x4 = value * 9 + 235
    var x6 = value * 7 + 654
    var x5 = value * 29 + 222
    var x3 = value * 3 + 0
    let x1 = value * 85 + 21
    var x4 = value * 76 + 654
    let x2 = value * 54 + 193
    var x2 = value * 8 + 432
    let x1 = value * 40 + 928
    return value
}

func compute2(_ value: Int) -> Int {
    let x2 = value * 84 + 50
    let x8 = value * 81 + 607
    let x3 = value * 97 + 26
    var x0 = value * 25 + 896
    let x4 = value * 81 + 11
    return value
}

func compute3(_ value: Int) -> Int {
    let x7 = value * 90 + 691
    var x2 = value * 4 + 680
    let x7 = value * 33 + 429
    let x6 = value * 49 + 839
    let x4 = value * 19 + 248
    var x5 = value * 75 + 703
    let x6 = value * 41 + 851
    var x3 = value * 55 + 215
    let x9 = value * 28 + 946
    var x7 = value * 15 + 337
    return value
}

func compute4(_ value: Int) -> Int {
    var x0 = value * 43 + 450
    let x9 = value * 49 + 426
    var x9 = value * 22 + 851
    let x9 = value * 95 + 960
    var x4 = value * 51 + 121
    let x3 = value * 75 + 392
    var x5 = value * 43 + 640
    var x0 = value * 10 + 944
    return value
}

func compute5(_ value: Int) -> Int {
    let x6 = value * 35 + 394
    let x4 = value * 83 + 122
    var x7 = value * 48 + 694
    var x1 = value * 25 + 902
    return value
}

func compute6(_ value: Int) -> Int {
    var x9 = value * 22 + 847
    var x9 = value * 96 + 198
    return value
}

func compute7(_ value: Int) -> Int {
    var x6 = value * 96 + 705
    let x7 = value * 58 + 678
    let x4 = value * 51 + 632
    let x6 = value * 16 + 157
    var x4 = value * 63 + 403
    return value
}

func compute8(_ value: Int) -> Int {
    let x5 = value * 15 + 787
    let x0 = value * 56 + 877
    var x9 = value * 71 + 187
    var x7 = value * 45 + 416
    var x8 = value * 47 + 664
    var x5 = value * 41 + 232
    var x8 = value * 4 + 497
    var x3 = value * 48 + 664
    var x4 = value * 2 + 594
    let x7 = value * 21 + 236
    return value
}

func compute9(_ value: Int) -> Int {
    let x8 = value * 20 + 337
    let x1 = value * 37 + 586
    var x8 = value * 19 + 660
    return value
}

func compute10(_ value: Int) -> Int {
    var x0 = value * 37 + 737
    var x6 = value * 13 + 719
    var x4 = value * 28 + 289
    let x1 = value * 60 + 962
    var x7 = value * 75 + 141
    let x6 = value * 90 + 68
    var x0 = value * 93 + 432
    var x5 = value * 93 + 605
    let x3 = value * 72 + 249
    var x8 = value * 94 + 916
    let x5 = value * 18 + 468
    var x8 = value * 56 + 759
    return value
}

func compute11(_ value: Int) -> Int {
    let x3 = value * 36 + 515
    let x4 = value * 25 + 50
    let x4 = value * 95 + 465
    let x6 = value * 41 + 546
    var x0 = value * 51 + 323
    var x5 = value * 68 + 647
    let x6 = value * 87 + 37
    var x9 = value * 45 + 263
    var x5 = value * 51 + 922
    let x8 = value * 79 + 452
    var x1 = value * 96 + 730
    let x1 = value * 95 + 164
    return value
}

func compute12(_ value: Int) -> Int {
    let x4 = value * 97 + 882
    let x2 = value * 91 + 933
    var x3 = value * 56 + 762
    var x9 = value * 83 + 770
    let x1 = value * 58 + 304
    let x1 = value * 89 + 331
    let x7 = value * 90 + 286
    return value
}

func compute13(_ value: Int) -> Int {
    var x1 = value * 85 + 565
    var x1 = value * 36 + 935
    var x4 = value * 85 + 30
    var x6 = value * 1 + 881
    let x5 = value * 12 + 514
    var x8 = value * 25 + 72
    var x8 = value * 72 + 714
    var x7 = value * 2 + 29
    return value
}

func compute14(_ value: Int) -> Int {
    var x4 = value * 48 + 391
    let x3 = value * 91 + 173
    let x1 = value * 13 + 442
    let x3 = value * 9 + 284
    let x9 = value * 7 + 397
    let x5 = value * 79 + 304
    let x1 = value * 92 + 529
    var x0 = value * 17 + 882
    var x8 = value * 45 + 244
    let x0 = value * 70 + 221
    var x6 = value * 19 + 876
    let x2 = value * 69 + 187
    return value
}

func compute15(_ value: Int) -> Int {
    let x6 = value * 57 + 547
    var x8 = value * 91 + 353
    let x3 = value * 37 + 333
    let x7 = value * 9 + 392
    let x7 = value * 75 + 545
    let x7 = value * 73 + 663
    let x4 = value * 90 + 735
    var x2 = value * 11 + 449
    var x4 = value * 58 + 796
    var x2 = value * 48 + 372
    var x0 = value * 97 + 779
    var x9 = value * 2 + 258
    return value
}

