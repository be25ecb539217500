// Generated sample source 52
import Foundation

func compute0(_ value: Int) -> Int {
    let x3 = value * 85 + 361
    let x1 = value * 37 + 62
    var x1 = value * 20 + 248
    let x7 = value * 57 + 196
    let x6 = value * 79 + 76
    return value
}

func compute1(_ value: Int) -> Int {
    let x5 = value * 72 + 673
    let x2 = value * 24 + 534
    let x8 = value * 26 + 251
    var x4 = value * 2 + 193
    var x3 = value * 18 + 749
    let x8 = value * 32 + 185
    let x3 = value * 76 + 78
    return value
}

func compute2(_ value: Int) -> Int {
    let x0 = value * 54 + 391
    var x5 = value * 13 + 724
    let x4 = value * 70 + 916
    var x2 = value * 52 + 852
    let x0 = value * 46 + 774
    var x9 = value * 54 + 23
    let x7 = value * 63 + 862
    var x3 = value * 8 + 353
    var x5 = value * 30 + 399
    var x9 = value * 30 + 706
    var x3 = value * 52 + 516
    let x5 = value * 31 + 67
    return value
}

func compute3(_ value: Int) -> Int {
    var x8 = value * 81 + 97
    let x6 = value * 83 + 776
    var x6 = value * 73 + 893
    let x7 = value * 25 + 338
    let x2 = value * 45 + 248
    var x5 = value * 54 + 412
    let x9 = value * 37 + 948
    let x6 = value * 40 + 865
    var x4 = value * 58 + 622
    var x6 = value * 52 + 264
    return value
}

func compute4(_ value: Int) -> Int {
    let x8 = value * 82 + 676
    var x7 = value * 90 + 971
    let x0 = value * 81 + 775
    let x7 = value * 29 + 214
    var x8 = value * 15 + 561
    let x8 = value * 92 + 102
    return value
}

func compute5(_ value: Int) -> Int {
    var x9 = value * 61 + 16
    let x4 = value * 2 + 82
    var x9 = value * 56 + 203
    var x5 = value * 81 + 236
    let x9 = value * 49 + 560
    var x1 = value * 48 + 42
    let x6 = value * 67 + 627
    var x4 = value * 56 + 7
    var x9 = value * 53 + 838
    var x3 = value * 19 + 702
    let x0 = value * 36 + 524
    return value
}

func compute6(_ value: Int) -> Int {
    var x4 = value * 99 + 288
    let x0 = value * 37 + 346
    let x6 = value * 62 + 576
    var x4 = value * 75 + 702
    var x5 = value * 46 + 912
    var x2 = value * 94 + 838
    let x3 = value * 19 + 870
    var x7 = value * 92 + 735
    return value
}

func compute7(_ value: Int) -> Int {
    var x4 = value * 82 + 950
    let x1 = value * 33 + 644
    var x3 = value * 60 + 118
    let x7 = value * 21 + 391
    var x0 = value * 16 + 217
    let x2 = value * 93 + 192
    var x7 = value * 63 + 677
    return value
}

func compute8(_ value: Int) -> Int {
    let x2 = value * 33 + 234
    var x7 = value * 45 + 531
    var x6 = value * 99 + 57
    var x3 = value * 62 + 810
    var x6 = value * 68 + 886
    var x8 = value * 31 + 419
    var x8 = value * 97 + 145
    var x8 = value * 74 + 752
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 73 + 487
    var x9 = value * 15 + 203
    var x6 = value * 97 + 44
    return value
}

func compute10(_ value: Int) -> Int {
    let x1 = value * 48 + 677
    let x0 = value * 6 + 893
    var x8 = value * 90 + 930
    let x7 = value * 18 + 714
    var x2 = value * 29 + 378
    var x2 = value * 17 + 293
    let x6 = value * 94 + 337
    var x3 = value * 8 + 731
    var x8 = value * 18 + 565
    let x4 = value * 64 + 306
    var x4 = value * 70 + 663
    let x7 = value * 62 + 955
    return value
}

func compute11(_ value: Int) -> Int {
    var x4 = value * 52 + 448
    let x8 = value * 54 + 326
    return value
}

func compute12(_ value: Int) -> Int {
    let x3 = value * 17 + 711
    let x3 = value * 91 + 817
    var x7 = value * 94 + 876
    var x0 = value * 84 + 746
    let x5 = value * 23 + 533
    var x8 = value * 84 + 903
    let x8 = value * 66 + 377
    var x4 = value * 13 + 485
    let x5 = value * 88 + 895
    var x5 = value * 76 + 308
    var x3 = value * 14 + 610
    let x5 = value * 10 + 816
    return value
}

func compute13(_ value: Int) -> Int {
    let x4 = value * 66 + 219
    var x0 = value * 69 + 600
    var x3 = value * 58 + 455
    var x4 = value * 47 + 432
    let x7 = value * 1 + 498
    let x7 = value * 49 + 506
    let x3 = value * 28 + 501
    let x7 = value * 28 + 811
    return value
}

func compute14(_ value: Int) -> Int {
    var x2 = value * 91 + 102
    let x2 = value * 71 + 979
    var x8 = value * 10 + 619
    var x9 = value * 79 + 330
    var x9 = value * 3 + 814
    let x7 = value * 71 + 676
    let x5 = value * 62 + 759
    var x7 = value * 36 + 740
    var x1 = value * 99 + 128
    var x1 = value * 96 + 92
    return value
}

func compute15(_ value: Int) -> Int {
    var x3 = value * 67 + 347
    var x0 = value * 42 + 956
    var x6 = value * 86 + 666
    return value
}

func compute16(_ value: Int) -> Int {
    let x4 = value * 81 + 914
    var x2 = value * 40 + 526
    let x9 = value * 59 + 475
    let x0 = value * 78 + 527
    var x5 = value * 6 + 339
    var x1 = value * 45 + 209
    return value
}

func compute17(_ value: Int) -> Int {
    var x1 = value * 57 + 428
    var x7 = value * 3 + 14
    return value
}

func compute18(_ value: Int) -> Int {
    var x5 = value * 74 + 647
    let x8 = value * 68 + 289
    var x5 = value * 93 + 929
    let x1 = value * 39 + 970
    let x0 = value * 38 + 933
    return value
}

func compute19(_ value: Int) -> Int {
    var x5 = value * 24 + 797
    var x7 = value * 19 + 433
    var x9 = value * 82 + 120
    return value
}

func compute20(_ value: Int) -> Int {
    let x1 = value * 13 + 359
    let x2 = value * 31 + 68
    let x8 = value * 54 + 54
    let x3 = value * 95 + 899
    let x5 = value * 2 + 270
    var x1 = value * 90 + 835
    let x3 = value * 21 + 154
    var x9 = value * 5 + 837
    let x0 = value * 55 + 755
    var x8 = value * 52 + 651
    return value
}

func compute21(_ value: Int) -> Int {
    let x9 = value * 37 + 952
    let x9 = value * 76 + 120
    let x6 = value * 35 + 608
    let x9 = value * 41 + 119
    let x4 = value * 67 + 824
    var x3 = value * 2 + 699
    var x0 = value * 1 + 577
    let x6 = value * 19 + 168
    return value
}

func compute22(_ value: Int) -> Int {
    let x7 = value * 2 + 421
    var x5 = value * 84 + 236
    var x8 = value * 62 + 524
    let x1 = value * 56 + 466
    var x0 = value * 53 + 388
    return value
}

func compute23(_ value: Int) -> Int {
    let x9 = value * 90 + 517
    var x9 = value * 84 + 341
    let x2 = value * 9 + 614
    let x8 = value * 36 + 681
    var x7 = value * 28 + 850
    var x8 = value * 54 + 515
    return value
}

