// Generated sample source 58
import Foundation

func compute0(_ value: Int) -> Int {
    let x9 = value * 5 + 813
    var x2 = value * 80 + 114
    let x1 = value * 1 + 248
    var x3 = value * 61 + 422
    var x4 = value * 6 + 664
    let x0 = value * 18 + 315
    let x5 = value * 67 + 164
    let x4 = value * 85 + 832
    let x8 = value * 93 + 538
    var x5 = value * 87 + 802
    let x1 = value * 23 + 607
    var x2 = value * 11 + 246
    return value
}

func compute1(_ value: Int) -> Int {
    let x0 = value * 38 + 895
    var x7 = value * 48 + 234
    let x5 = value * 86 + 267
    let x5 = value * 56 + 499
    return value
}

func compute2(_ value: Int) -> Int {
    let x9 = value * 82 + 789
    let x8 = value * 59 + 955
    return value
}

func compute3(_ value: Int) -> Int {
    var x8 = value * 87 + 899
    let x0 = value * 94 + 457
    var x8 = value * 88 + 557
    var x7 = value * 80 + 58
    let x7 = value * 15 + 878
    let x3 = value * 46 + 588
    var x9 = value * 10 + 251
    var x8 = value * 87 + 737
    return value
}

func compute4(_ value: Int) -> Int {
    var x7 = value * 7 + 242
    let x5 = value * 78 + 940
    let x1 = value * 64 + 205
    let x5 = value * 48 + 820
    let x1 = value * 28 + 97
    let x6 = value * 10 + 380
    return value
}

func compute5(_ value: Int) -> Int {
    var x8 = value * 63 + 56
    let x5 = value * 31 + 606
    let x7 = value * 8 + 869
    var x9 = value * 1 + 334
    var x9 = value * 36 + 388
    let x4 = value * 21 + 442
    return value
}

func compute6(_ value: Int) -> Int {
    var x3 = value * 59 + 374
    var x2 = value * 80 + 867
    var x7 = value * 76 + 200
    let x4 = value * 25 + 672
    var x9 = value * 9 + 468
    return value
}

func compute7(_ value: Int) -> Int {
    var x4 = value * 23 + 64
    var x6 = value * 26 + 617
    var x3 = value * 88 + 751
    return value
}

func compute8(_ value: Int) -> Int {
    var x7 = value * 47 + 507
    var x9 = value * 17 + 160
    let x2 = value * 87 + 876
    var x9 = value * 28 + 842
    let x2 = value * 41 + 268
    var x5 = value * 15 + 371
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 58 + 142
    var x5 = value * 3 + 352
    let x3 = value * 13 + 105
    let x6 = value * 96 + 690
    var x0 = value * 55 + 319
    return value
}

func compute10(_ value: Int) -> Int {
    var x7 = value * 75 + 66
    let x4 = value * 67 + 449
    var x9 = value * 99 + 456
    var x7 = value * 13 + 409
    var x9 = value * 7 + 807
    var x6 = value * 4 + 895
    var x6 = value * 42 + 306
    var x8 = value * 18 + 563
    let x5 = value * 49 + 60
    var x5 = value * 82 + 805
    var x9 = value * 16 + 730
    let x4 = value * 9 + 507
    return value
}

func compute11(_ value: Int) -> Int {
    var x0 = value * 94 + 910
    let x3 = value * 74 + 627
    return value
}

func compute12(_ value: Int) -> Int {
    var x1 = value * 42 + 431
    let x5 = value * 24 + 471
    let x4 = value * 86 + 611
    let x2 = value * 64 + 2
    var x5 = value * 61 + 961
    let x8 = value * 18 + 417
    let x9 = value * 49 + 634
    let x0 = value * 19 + 460
    var x9 = value * 3 + 803
    var x1 = value * 73 + 497
    return value
}

func compute13(_ value: Int) -> Int {
    let x2 = value * 70 + 69
    var x4 = value * 30 + 279
    return value
}

func compute14(_ value: Int) -> Int {
    var x4 = value * 45 + 676
    let x6 = value * 37 + 574
    var x4 = value * 8 + 279
    let x2 = value * 33 + 484
    var x1 = value * 21 + 878
    var x9 = value * 70 + 382
    var x0 = value * 1 + 585
    let x7 = value * 87 + 23
    let x1 = value * 92 + 263
    var x3 = value * 17 + 721
    let x8 = value * 36 + 212
    let x4 = value * 11 + 855
    return value
}

func compute15(_ value: Int) -> Int {
    var x8 = value * 42 + 218
    let x0 = value * 95 + 613
    var x0 = value * 12 + 171
    var x7 = value * 91 + 676
    return value
}

func compute16(_ value: Int) -> Int {
    let x1 = value * 73 + 521
    let x6 = value * 93 + 379
    var x4 = value * 99 + 199
    var x7 = value * 96 + 641
    return value
}

func compute17(_ value: Int) -> Int {
    var x3 = value * 56 + 744
    var x1 = value * 83 + 72
    return value
}

func compute18(_ value: Int) -> Int {
    var x1 = value * 49 + 30
    var x7 = value * 95 + 858
    let x1 = value * 5 + 736
    var x4 = value * 82 + 506
    var x2 = value * 96 + 107
    let x1 = value * 62 + 634
    let x8 = value * 24 + 556
    return value
}

func compute19(_ value: Int) -> Int {
    let x4 = value * 10 + 698
    var x6 = value * 94 + 983
    let x9 = value * 25 + 824
    var x7 = value * 80 + 695
    return value
}

func compute20(_ value: Int) -> Int {
    var x6 = value * 85 + 143
    var x2 = value * 33 + 657
    let x9 = value * 26 + 764
    var x9 = value * 70 + 107
    let x3 = value * 26 + 489
    let x2 = value * 64 + 184
    var x2 = value * 69 + 388
    var x6 = value * 41 + 773
    var x5 = value * 33 + 393
    let x6 = value * 52 + 498
    let x8 = value * 54 + 314
    return value
}

func compute21(_ value: Int) -> Int {
    var x9 = value * 56 + 472
    let x8 = value * 22 + 853
    let x1 = value * 56 + 898
    var x0 = value * 2 + 624
    return value
}

func compute22(_ value: Int) -> Int {
    var x2 = value * 19 + 990
    let x1 = value * 54 + 462
    var x0 = value * 69 + 577
    var x9 = value * 85 + 894
    var x8 = value * 3 + 329
    let x8 = value * 93 + 63
    let x2 = value * 15 + 990
    var x5 = value * 22 + 9
    let x6 = value * 12 + 867
    let x0 = value * 93 + 111
    var x3 = value * 9 + 379
    var x8 = value * 90 + 462
    return value
}

func compute23(_ value: Int) -> Int {
    var x3 = value * 43 + 949
    var x8 = value * 88 + 353
    var x1 = value * 41 + 431
    let x4 = value * 8 + 664
    let x0 = value * 39 + 263
    let x2 = value * 82 + 728
    let x3 = value * 83 + 368
    let x0 = value * 2 + 816
    var x2 = value * 17 + 105
    var x4 = value * 48 + 668
    var x7 = value * 30 + 189
    var x7 = value * 16 + 181
    return value
}

func compute24(_ value: Int) -> Int {
    var x1 = value * 87 + 587
    let x5 = value * 89 + 985
    var x5 = value * 30 + 800
    var x1 = value * 66 + 399
    let x0 = value * 8 + 255
    var x2 = value * 39 + 422
    let x0 = value * 17 + 930
    let x0 = value * 50 + 587
    var x8 = value * 29 + 729
    let x2 = value * 87 + 175
    return value
}

