// Generated sample source 0
import Foundation

func compute0(_ value: Int) -> Int {
    var x3 = value * 5 + 432
    var x4 = value * 74 + 620
    var x0 = value * 62 + 901
    var x8 = value * 27 + 436
    let x7 = value * 97 + 74
    return value
}

func compute1(_ value: Int) -> Int {
    let x4 = value * 71 + 952
    var x8 = value * 35 + 178
    let x5 = value * 90 + 454
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 96 + 503
    var x7 = value * 21 + 67
    let x3 = value * 55 + 790
    var x1 = value * 23 + 984
    let x7 = value * 35 + 78
    var x1 = value * 63 + 855
    var x9 = value * 36 + 461
    var x5 = value * 40 + 571
    var x7 = value * 39 + 36
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 19 + 724
    var x4 = value * 59 + 805
    let x6 = value * 21 + 238
    let x2 = value * 20 + 267
    let x4 = value * 80 + 183
    return value
}

func compute4(_ value: Int) -> Int {
    var x5 = value * 66 + 509
    let x5 = value * 19 + 466
    var x1 = value * 66 + 26
    let x4 = value * 56 + 890
    let x2 = value * 96 + 634
    var x3 = value * 78 + 714
    var x6 = value * 53 + 160
    let x7 = value * 10 + 948
    return value
}

func compute5(_ value: Int) -> Int {
    let x5 = value * 71 + 61
    var x9 = value * 83 + 767
    let x0 = value * 12 + 510
    var x3 = value * 17 + 252
    var x9 = value * 71 + 168
    let x7 = value * 81 + 963
    var x1 = value * 7 + 179
    return value
}

func compute6(_ value: Int) -> Int {
    let x5 = value * 76 + 414
    let x0 = value * 19 + 386
    return value
}

func compute7(_ value: Int) -> Int {
    var x2 = value * 76 + 656
    var x4 = value * 79 + 363
    let x3 = value * 82 + 583
    let x5 = value * 52 + 192
    var x3 = value * 66 + 486
    var x6 = value * 35 + 403
    let x8 = value * 58 + 237
    return value
}

func compute8(_ value: Int) -> Int {
    var x7 = value * 85 + 444
    let x2 = value * 69 + 0
    let x6 = value * 35 + 373
    let x0 = value * 23 + 356
    return value
}

func compute9(_ value: Int) -> Int {
    let x5 = value * 55 + 364
    var x6 = value * 46 + 900
    var x4 = value * 31 + 941
    var x4 = value * 48 + 765
    let x5 = value * 57 + 457
    let x5 = value * 44 + 381
    let x4 = value * 77 + 753
    var x1 = value * 37 + 289
    let x9 = value * 24 + 71
    let x5 = value * 26 + 94
    let x1 = value * 73 + 207
    return value
}

func compute10(_ value: Int) -> Int {
    var x5 = value * 3 + 531
    var x7 = value * 33 + 224
    return value
}

func compute11(_ value: Int) -> Int {
    var x5 = value * 72 + 728
    var x5 = value * 41 + 60
    var x9 = value * 58 + 906
    let x4 = value * 82 + 39
    let x4 = value * 85 + 813
    return value
}

func compute12(_ value: Int) -> Int {
    let x4 = value * 9 + 67
    let x6 = value * 51 + 514
    let x6 = value * 77 + 119
    let x2 = value * 90 + 798
    let x2 = value * 29 + 693
    var x5 = value * 40 + 583
    var x6 = value * 75 + 636
    let x8 = value * 78 + 757
    let x1 = value * 18 + 928
    return value
}

func compute13(_ value: Int) -> Int {
    let x4 = value * 59 + 608
    let x4 = value * 64 + 715
    var x9 = value * 13 + 861
    var x7 = value * 35 + 854
    var x5 = value * 60 + 461
    let x3 = value * 61 + 305
    let x1 = value * 26 + 869
    var x3 = value * 65 + 619
    var x6 = value * 15 + 295
    var x2 = value * 68 + 931
    let x9 = value * 92 + 335
    let x9 = value * 27 + 560
    return value
}

func compute14(_ value: Int) -> Int {
    let x0 = value * 99 + 977
    let x1 = value * 83 + 175
    var x5 = value * 70 + 40
    let x4 = value * 16 + 182
    let x5 = value * 89 + 667
    let x4 = value * 90 + 906
    let x2 = value * 43 + 89
    let x0 = value * 82 + 397
    var x6 = value * 45 + 52
    return value
}

func compute15(_ value: Int) -> Int {
    var x7 = value * 14 + 783
    var x8 = value * 1 + 17
    let x7 = value * 74 + 892
    let x8 = value * 96 + 589
    let x5 = value * 14 + 392
    var x6 = value * 37 + 779
    let x9 = value * 36 + 141
    var x2 = value * 95 + 713
    return value
}

func compute16(_ value: Int) -> Int {
    let x2 = value * 7 + 440
    let x9 = value * 54 + 816
    var x0 = value * 95 + 116
    var x0 = value * 38 + 847
    var x2 = value * 46 + 632
    let x1 = value * 32 + 744
    var x1 = value * 88 + 36
    let x6 = value * 37 + 26
    let x3 = value * 48 + 957
    var x2 = value * 43 + 623
    return value
}

func compute17(_ value: Int) -> Int {
    let x5 = value * 74 + 58
    var x1 = value * 62 + 61
    let x0 = value * 49 + 998
    let x5 = value * 59 + 789
    let x4 = value * 83 + 347
    let x1 = value * 69 + 555
    let x0 = value * 65 + 185
    var x6 = value * 66 + 256
    let x7 = value * 89 + 134
    let x1 = value * 95 + 910
    return value
}

func compute18(_ value: Int) -> Int {
    var x4 = value * 63 + 775
    let x7 = value * 11 + 36
    var x0 = value * 45 + 717
    var x6 = value * 53 + 234
    var x4 = value * 40 + 941
    let x2 = value * 97 + 220
    return value
}

func compute19(_ value: Int) -> Int {
    var x2 = value * 24 + 180
    let x4 = value * 58 + 255
    let x5 = value * 61 + 863
    var x5 = value * 23 + 594
    let x1 = value * 3 + 421
    let x6 = value * 16 + 408
    return value
}

func compute20(_ value: Int) -> Int {
    var x4 = value * 41 + 651
    var x9 = value * 61 + 102
    var x5 = value * 66 + 5
    var x5 = value * 77 + 8
    let x4 = value * 82 + 641
    var x5 = value * 79 + 122
    var x2 = value * 74 + 573
    var x3 = value * 21 + 351
    var x8 = value * 89 + 635
    var x8 = value * 94 + 111
    var x1 = value * 73 + 563
    return value
}

func compute21(_ value: Int) -> Int {
    var x6 = value * 57 + 205
    var x8 = value * 5 + 969
    return value
}

