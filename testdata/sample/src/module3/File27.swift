// Generated sample source 27
import Foundation

func compute0(_ value: Int) -> Int {
    var x5 = value * 41 + 555
    var x3 = value * 74 + 553
    var x2 = value * 67 + 189
    var x2 = value * 20 + 657
    var x6 = value * 41 + 315
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 64 + 175
    let x7 = value * 12 + 144
    let x7 = value * 98 + 213
    let x3 = value * 10 + 895
    let x2 = value * 93 + 111
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 27 + 837
    let x8 = value * 66 + 994
    let x6 = value * 11 + 118
    var x7 = value * 35 + 414
    let x1 = value * 15 + 223
    var x0 = value * 78 + 340
    var x7 = value * 5 + 546
    var x3 = value * 13 + 765
    var x6 = value * 55 + 14
    let x0 = value * 5 + 688
    return value
}

func compute3(_ value: Int) -> Int {
    var x6 = value * 20 + 614
    var x3 = value * 37 + 370
    let x5 = value * 62 + 15
    let x7 = value * 33 + 969
    var x2 = value * 92 + 729
    let x1 = value * 9 + 423
    let x4 = value * 46 + 906
    var x1 = value * 49 + 628
    var x6 = value * 15 + 85
    var x2 = value * 55 + 797
    return value
}

func compute4(_ value: Int) -> Int {
    var x2 = value * 21 + 197
    let x3 = value * 37 + 276
    var x9 = value * 18 + 989
    let x9 = value * 95 + 610
    let x7 = value * 25 + 388
    let x7 = value * 26 + 467
    let x2 = value * 61 + 203
    let x2 = value * 36 + 174
    return value
}

func compute5(_ value: Int) -> Int {
    var x1 = value * 4 + 889
    var x1 = value * 62 + 582
    var x9 = value * 98 + 904
    return value
}

func compute6(_ value: Int) -> Int {
    var x8 = value * 93 + 612
    var x8 = value * 83 + 585
    let x7 = value * 44 + 676
    var x1 = value * 42 + 921
    let x5 = value * 55 + 455
    var x2 = value * 31 + 993
    let x1 = value * 96 + 916
    let x3 = value * 35 + 866
    let x6 = value * 42 + 525
    let x7 = value * 16 + 419
    var x8 = value * 28 + 178
    return value
}

func compute7(_ value: Int) -> Int {
    let x4 = value * 90 + 263
    var x9 = value * 67 + 986
    var x9 = value * 85 + 465
    let x5 = value * 70 + 866
    return value
}

func compute8(_ value: Int) -> Int {
    var x2 = value * 6 + 929
    let x0 = value * 94 + 583
    let x8 = value * 40 + 670
    let x4 = value * 99 + 763
    let x8 = value * 76 + 28
    let x1 = value * 2 + 374
    return value
}

func compute9(_ value: Int) -> Int {
    let x4 = value * 35 + 201
    var x3 = value * 51 + 140
    var x9 = value * 49 + 248
    let x8 = value * 53 + 975
    var x9 = value * 9 + 148
    var x7 = value * 31 + 426
    let x3 = value * 36 + 642
    let x0 = value * 18 + 698
    let x1 = value * 25 + 253
    let x8 = value * 96 + 321
    var x9 = value * 75 + 337
    var x3 = value * 18 + 560
    return value
}

func compute10(_ value: Int) -> Int {
    let x9 = value * 25 + 343
    var x4 = value * 61 + 189
    let x8 = value * 27 + 242
    var x5 = value * 51 + 901
    var x3 = value * 20 + 529
    let x2 = value * 15 + 49
    let x0 = value * 5 + 681
    var x4 = value * 7 + 400
    let x6 = value * 90 + 384
    var x8 = value * 29 + 262
    var x4 = value * 1 + 559
    return value
}

func compute11(_ value: Int) -> Int {
    let x4 = value * 34 + 846
    let x0 = value * 42 + 73
    let x5 = value * 18 + 46
    let x2 = value * 6 + 195
    var x3 = value * 18 + 853
    var x8 = value * 26 + 648
    var x3 = value * 35 + 809
    return value
}

func compute12(_ value: Int) -> Int {
    let x6 = value * 35 + 383
    var x1 = value * 71 + 873
    let x6 = value * 86 + 164
    return value
}

func compute13(_ value: Int) -> Int {
    var x2 = value * 62 + 312
    var x2 = value * 59 + 602
    let x6 = value * 4 + 97
    var x6 = value * 12 + 650
    var x3 = value * 93 + 454
    let x7 = value * 21 + 200
    var x5 = value * 48 + 69
    var x1 = value * 42 + 260
    var x8 = value * 53 + 979
    var x1 = value * 23 + 467
    let x2 = value * 68 + 375
    var x0 = value * 68 + 81
    return value
}

func compute14(_ value: Int) -> Int {
    let x3 = value * 43 + 361
    let x2 = value * 60 + 938
    var x0 = value * 37 + 357
    let x6 = value * 74 + 541
    let x7 = value * 42 + 118
    let x6 = value * 33 + 636
    let x4 = value * 78 + 223
    var x2 = value * 18 + 63
    var x5 = value * 28 + 369
    let x7 = value * 28 + 893
    var x3 = value * 79 + 104
    var x5 = value * 55 + 667
    return value
}

func compute15(_ value: Int) -> Int {
    let x7 = value * 32 + 428
    var x8 = value * 69 + 248
    let x4 = value * 40 + 252
    let x5 = value * 75 + 480
    var x8 = value * 22 + 405
    var x8 = value * 19 + 664
    let x4 = value * 18 + 858
    let x0 = value * 91 + 132
    let x5 = value * 9 + 275
    var x9 = value * 28 + 497
    var x7 = value * 19 + 966
    var x3 = value * 34 + 755
    return value
}

func compute16(_ value: Int) -> Int {
    var x3 = value * 40 + 764
    let x5 = value * 66 + 65
    return value
}

func compute17(_ value: Int) -> Int {
    var x6 = value * 47 + 703
    var x0 = value * 17 + 544
    let x6 = value * 40 + 101
    return value
}

func compute18(_ value: Int) -> Int {
    var x6 = value * 67 + 545
    var x4 = value * 50 + 45
    return value
}

func compute19(_ value: Int) -> Int {
    let x3 = value * 1 + 357
    var x5 = value * 63 + 140
    var x1 = value * 64 + 291
    var x6 = value * 48 + 576
    let x3 = value * 22 + 322
    var x6 = value * 37 + 514
    let x1 = value * 91 + 227
    let x5 = value * 91 + 707
    let x9 = value * 87 + 696
    return value
}

func compute20(_ value: Int) -> Int {
    let x8 = value * 7 + 27
    let x0 = value * 4 + 931
    var x2 = value * 92 + 218
    var x2 = value * 5 + 820
    var x6 = value * 30 + 289
    let x3 = value * 69 + 805
    return value
}

func compute21(_ value: Int) -> Int {
    var x5 = value * 82 + 63
    let x8 = value * 78 + 542
    let x2 = value * 23 + 760
    var x1 = value * 58 + 521
    let x4 = value * 94 + 34
    let x8 = value * 55 + 800
    let x2 = value * 22 + 90
    var x5 = value * 82 + 951
    var x4 = value * 10 + 111
    var x0 = value * 24 + 204
    let x3 = value * 42 + 794
    return value
}

func compute22(_ value: Int) -> Int {
    var x3 = value * 88 + 470
    let x4 = value * 74 + 515
    let x3 = value * 86 + 844
    var x7 = value * 58 + 48
    let x4 = value * 19 + 982
    let x1 = value * 42 + 310
    let x3 = value * 87 + 463
    let x9 = value * 61 + 397
    let x9 = value * 40 + 149
    let x0 = value * 19 + 233
    return value
}

func compute23(_ value: Int) -> Int {
    let x1 = value * 91 + 264
    let x3 = value * 12 + 387
    let x1 = value * 23 + 554
    let x6 = value * 88 + 409
    var x3 = value * 33 + 714
    let x4 = value * 70 + 84
    return value
}

