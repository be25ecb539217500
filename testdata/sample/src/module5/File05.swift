// Generated sample source 5
import Foundation

func compute0(_ value: Int) -> Int {
    var x4 = value * 82 + 300
    var x5 = value * 93 + 83
    let x9 = value * 37 + 184
    let x4 = value * 79 + 397
    var x5 = value * 54 + 998
    var x0 = value * 20 + 610
    var x9 = value * 24 + 826
    let x8 = value * 31 + 363
    var x6 = value * 50 + 460
    var x4 = value * 34 + 114
    var x0 = value * 48 + 99
    var x6 = value * 73 + 891
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 45 + 762
    let x7 = value * 30 + 655
    let x5 = value * 92 + 446
    let x5 = value * 86 + 751
    let x3 = value * 92 + 780
    let x3 = value * 27 + 744
    var x4 = value * 82 + 359
    let x6 = value * 22 + 228
    var x4 = value * 20 + 847
    let x1 = value * 3 + 551
    let x6 = value * 84 + 862
    return value
}

func compute2(_ value: Int) -> Int {
    let x0 = value * 23 + 33
    var x6 = value * 43 + 395
    let x7 = value * 27 + 748
    return value
}

func compute3(_ value: Int) -> Int {
    var x7 = value * 64 + 607
    let x7 = value * 83 + 73
    let x0 = value * 22 + 461
    var x9 = value * 32 + 534
    var x4 = value * 61 + 646
    let x1 = value * 29 + 686
    let x8 = value * 46 + 565
    var x8 = value * 46 + 248
    let x1 = value * 56 + 925
    return value
}

func compute4(_ value: Int) -> Int {
    let x6 = value * 20 + 957
    var x6 = value * 71 + 788
    let x8 = value * 57 + 780
    let x7 = value * 72 + 830
    var x1 = value * 9 + 679
    var x3 = value * 99 + 524
    var x2 = value * 9 + 189
    var x2 = value * 96 + 347
    let x2 = value * 14 + 208
    let x7 = value * 13 + 851
    var x9 = value * 64 + 196
    return value
}

func compute5(_ value: Int) -> Int {
    let x6 = value * 38 + 442
    var x5 = value * 40 + 935
    var x1 = value * 76 + 427
    return value
}

func compute6(_ value: Int) -> Int {
    var x8 = value * 25 + 341
    let x3 = value * 94 + 206
    let x2 = value * 46 + 337
    var x1 = value * 55 + 503
    var x3 = value * 4 + 528
    let x4 = value * 90 + 214
    let x1 = value * 47 + 193
    let x7 = value * 76 + 595
    return value
}

func compute7(_ value: Int) -> Int {
    let x1 = value * 27 + 307
    var x0 = value * 10 + 975
    let x4 = value * 47 + 817
    var x8 = value * 35 + 513
    var x0 = value * 12 + 176
    var x7 = value * 23 + 425
    var x2 = value * 54 + 738
    let x6 = value * 51 + 647
    let x4 = value * 63 + 395
    return value
}

func compute8(_ value: Int) -> Int {
    var x8 = value * 66 + 217
    let x0 = value * 52 + 127
    let x3 = value * 26 + 434
    return value
}

func compute9(_ value: Int) -> Int {
    let x2 = value * 14 + 492
    let x9 = value * 77 + 774
    var x7 = value * 46 + 624
    var x3 = value * 79 + 93
    var x2 = value * 44 + 97
    var x2 = value * 47 + 863
    let x0 = value * 9 + 98
    let x1 = value * 92 + 405
    var x0 = value * 15 + 167
    return value
}

func compute10(_ value: Int) -> Int {
    let x7 = value * 76 + 945
    var x1 = value * 58 + 317
    var x9 = value * 61 + 522
    var x9 = value * 84 + 283
    let x7 = value * 34 + 3
    var x3 = value * 88 + 436
    return value
}

func compute11(_ value: Int) -> Int {
    let x6 = value * 86 + 0
    let x9 = value * 2 + 401
    let x7 = value * 29 + 249
    let x6 = value * 86 + 836
    let x0 = value * 59 + 235
    let x8 = value * 81 + 332
    let x7 = value * 28 + 486
    let x2 = value * 12 + 359
    let x3 = value * 89 + 239
    return value
}

func compute12(_ value: Int) -> Int {
    let x7 = value * 78 + 21
    var x2 = value * 95 + 657
    var x3 = value * 73 + 673
    var x3 = value * 38 + 964
    var x6 = value * 7 + 41
    var x2 = value * 37 + 767
    var x9 = value * 32 + 462
    return value
}

func compute13(_ value: Int) -> Int {
    var x2 = value * 63 + 868
    let x8 = value * 29 + 75
    var x5 = value * 50 + 440
    let x0 = value * 38 + 870
    let x8 = value * 91 + 812
    let x1 = value * 61 + 539
    let x8 = value * 28 + 459
    var x5 = value * 76 + 150
    var x6 = value * 50 + 973
    let x9 = value * 53 + 512
    let x8 = value * 95 + 956
    let x5 = value * 26 + 942
    return value
}

func compute14(_ value: Int) -> Int {
    let x3 = value * 18 + 307
    var x8 = value * 13 + 517
    let x1 = value * 55 + 607
    var x9 = value * 64 + 603
    let x6 = value * 4 + 971
    var x4 = value * 96 + 946
    var x6 = value * 67 + 229
    var x3 = value * 87 + 22
    return value
}

func compute15(_ value: Int) -> Int {
    var x9 = value * 68 + 636
    let x9 = value * 83 + 341
    let x5 = value * 33 + 814
    let x9 = value * 87 + 162
    let x4 = value * 48 + 349
    var x1 = value * 60 + 935
    var x8 = value * 69 + 99
    var x2 = value * 88 + 213
    let x0 = value * 15 + 199
    let x6 = value * 96 + 655
    var x0 = value * 76 + 521
    var x8 = value * 12 + 59
    return value
}

func compute16(_ value: Int) -> Int {
    let x7 = value * 79 + 996
    var x9 = value * 73 + 289
    return value
}

func compute17(_ value: Int) -> Int {
    var x0 = value * 22 + 575
    let x5 = value * 58 + 737
    let x1 = value * 20 + 297
    var x8 = value * 95 + 906
    var x3 = value * 84 + 656
    return value
}

