// Generated sample source 8
import Foundation

func compute0(_ value: Int) -> Int {
    let x6 = value * 77 + 524
    let x1 = value * 84 + 613
    let x9 = value * 65 + 975
    let x6 = value * 53 + 74
    var x7 = value * 66 + 439
    let x7 = value * 29 + 269
    var x4 = value * 70 + 894
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 54 + 596
    let x8 = value * 9 + 906
    var x1 = value * 2 + 118
    let x0 = value * 36 + 319
    let x0 = value * 53 + 247
    var x5 = value * 16 + 136
    var x4 = value * 79 + 512
    var x9 = value * 92 + 722
    return value
}

func compute2(_ value: Int) -> Int {
    var x8 = value * 84 + 967
    var x0 = value * 21 + 737
    var x9 = value * 27 + 902
    var x8 = value * 33 + 187
    var x3 = value * 14 + 640
    var x2 = value * 77 + 38
    let x0 = value * 85 + 286
    let x8 = value * 91 + 723
    var x4 = value * 9 + 846
    return value
}

func compute3(_ value: Int) -> Int {
    var x5 = value * 46 + 266
    let x2 = value * 98 + 507
    let x4 = value * 9 + 941
    let x5 = value * 99 + 396
    var x3 = value * 19 + 338
    var x2 = value * 5 + 82
    return value
}

func compute4(_ value: Int) -> Int {
    var x8 = value * 15 + 646
    var x2 = value * 57 + 951
    var x9 = value * 90 + 667
    let x6 = value * 78 + 51
    var x5 = value * 77 + 426
    var x3 = value * 84 + 160
    var x2 = value * 15 + 820
    var x8 = value * 85 + 366
    let x0 = value * 23 + 116
    let x0 = value * 87 + 701
    let x6 = value * 10 + 85
    return value
}

func compute5(_ value: Int) -> Int {
    let x8 = value * 62 + 307
    let x0 = value * 79 + 599
    let x0 = value * 70 + 926
    var x4 = value * 60 + 688
    var x2 = value * 13 + 637
    var x7 = value * 70 + 839
    var x1 = value * 56 + 757
    return value
}

func compute6(_ value: Int) -> Int {
    let x8 = value * 24 + 333
    let x7 = value * 60 + 967
    let x8 = value * 62 + 193
    var x7 = value * 41 + 656
    let x9 = value * 67 + 403
    var x0 = value * 47 + 514
    var x0 = value * 41 + 973
    let x4 = value * 40 + 904
    return value
}

func compute7(_ value: Int) -> Int {
    let x5 = value * 78 + 505
    let x4 = value * 97 + 873
    let x8 = value * 51 + 880
    var x6 = value * 61 + 454
    return value
}

func compute8(_ value: Int) -> Int {
    var x1 = value * 81 + 904
    let x9 = value * 57 + 76
    let x2 = value * 86 + 434
    var x6 = value * 47 + 931
    var x9 = value * 58 + 305
    let x1 = value * 31 + 422
    var x5 = value * 97 + 846
    var x8 = value * 49 + 780
    var x6 = value * 10 + 777
    return value
}

func compute9(_ value: Int) -> Int {
    var x8 = value * 77 + 830
    let x9 = value * 97 + 987
    let x7 = value * 97 + 422
    let x3 = value * 15 + 872
    var x2 = value * 11 + 873
    var x6 = value * 73 + 155
    let x3 = value * 54 + 410
    return value
}

func compute10(_ value: Int) -> Int {
    var x6 = value * 23 + 168
    var x0 = value * 39 + 640
    let x0 = value * 21 + 795
    var x8 = value * 3 + 513
    let x3 = value * 37 + 935
    return value
}

func compute11(_ value: Int) -> Int {
    var x2 = value * 70 + 857
    var x2 = value * 75 + 88
    return value
}

func compute12(_ value: Int) -> Int {
    let x1 = value * 13 + 762
    let x7 = value * 51 + 212
    let x4 = value * 60 + 399
    let x4 = value * 20 + 214
    let x7 = value * 96 + 161
    var x6 = value * 99 + 958
    var x9 = value * 9 + 52
    let x4 = value * 9 + 168
    return value
}

func compute13(_ value: Int) -> Int {
    let x5 = value * 30 + 451
    var x9 = value * 67 + 550
    let x3 = value * 23 + 476
    let x6 = value * 45 + 554
    let x2 = value * 78 + 747
    var x7 = value * 47 + 718
    var x6 = value * 15 + 629
    let x1 = value * 20 + 80
    let x1 = value * 36 + 161
    return value
}

func compute14(_ value: Int) -> Int {
    let x8 = value * 78 + 144
    var x2 = value * 34 + 651
    let x0 = value * 60 + 681
    var x1 = value * 26 + 81
    let x3 = value * 87 + 804
    return value
}

func compute15(_ value: Int) -> Int {
    let x6 = value * 90 + 771
    var x3 = value * 34 + 849
    var x8 = value * 23 + 561
    return value
}

func compute16(_ value: Int) -> Int {
    var x3 = value * 66 + 559
    var x1 = value * 16 + 0
    var x9 = value * 51 + 301
    let x0 = value * 45 + 837
    var x9 = value * 11 + 68
    return value
}

func compute17(_ value: Int) -> Int {
    var x0 = value * 40 + 595
    var x0 = value * 70 + 788
    return value
}

func compute18(_ value: Int) -> Int {
    let x0 = value * 19 + 960
    let x5 = value * 71 + 982
    let x0 = value * 36 + 471
    let x1 = value * 28 + 42
    var x1 = value * 18 + 724
    return value
}

func compute19(_ value: Int) -> Int {
    let x2 = value * 60 + 728
    var x7 = value * 75 + 646
    var x8 = value * 90 + 10
    let x9 = value * 81 + 347
    var x8 = value * 96 + 11
    var x4 = value * 79 + 789
    var x4 = value * 27 + 838
    let x5 = value * 37 + 181
    var x4 = value * 40 + 265
    var x1 = value * 33 + 356
    var x5 = value * 39 + 53
    return value
}

func compute20(_ value: Int) -> Int {
    var x6 = value * 20 + 934
    let x6 = value * 53 + 740
    var x5 = value * 44 + 7
    var x9 = value * 93 + 80
    let x7 = value * 18 + 846
    let x2 = value * 57 + 565
    return value
}

func compute21(_ value: Int) -> Int {
    let x8 = value * 7 + 546
    var x0 = value * 84 + 912
    let x0 = value * 5 + 562
    var x6 = value * 3 + 776
    let x7 = value * 16 + 447
    var x2 = value * 23 + 978
    var x0 = value * 56 + 335
    let x4 = value * 26 + 76
    let x4 = value * 21 + 98
    let x6 = value * 57 + 549
    var x3 = value * 75 + 649
    return value
}

func compute22(_ value: Int) -> Int {
    var x9 = value * 10 + 556
    let x6 = value * 62 + 945
    var x2 = value * 4 + 802
    var x8 = value * 44 + 700
    let x2 = value * 85 + 202
    let x5 = value * 33 + 707
    return value
}

