// Generated sample source 47
import Foundation

func compute0(_ value: Int) -> Int {
    var x0 = value * 10 + 52
    let x4 = value * 77 + 840
    var x2 = value * 94 + 817
    var x7 = value * 34 + 928
    var x6 = value * 57 + 10
    var x7 = value * 28 + 533
    let x6 = value * 53 + 253
    var x5 = value * 40 + 834
    var x9 = value * 87 + 104
    let x5 = value * 11 + 1
    var x2 = value * 2 + 208
    return value
}

func compute1(_ value: Int) -> Int {
    let x8 = value * 78 + 120
    let x3 = value * 82 + 892
    var x6 = value * 67 + 644
    var x6 = value * 90 + 817
    var x4 = value * 96 + 742
    let x6 = value * 27 + 918
    let x6 = value * 96 + 703
    var x2 = value * 14 + 553
    let x4 = value * 8 + 849
    var x8 = value * 52 + 259
    return value
}

func compute2(_ value: Int) -> Int {
    let x4 = value * 71 + 309
    let x7 = value * 87 + 191
    var x8 = value * 68 + 506
    let x4 = value * 32 + 991
    var x1 = value * 18 + 286
    let x6 = value * 45 + 214
    let x6 = value * 63 + 694
    var x7 = value * 40 + 598
    let x7 = value * 76 + 695
    let x2 = value * 17 + 982
    let x4 = value * 75 + 452
    var x6 = value * 26 + 460
    return value
}

func compute3(_ value: Int) -> Int {
    let x9 = value * 33 + 732
    var x2 = value * 14 + 585
    return value
}

func compute4(_ value: Int) -> Int {
    let x7 = value * 37 + 960
    let x1 = value * 68 + 649
    let x0 = value * 52 + 902
    var x8 = value * 42 + 479
    var x2 = value * 31 + 985
    let x4 = value * 25 + 910
    var x8 = value * 71 + 539
    let x0 = value * 5 + 60
    return value
}

func compute5(_ value: Int) -> Int {
    let x8 = value * 77 + 359
    let x6 = value * 94 + 770
    let x1 = value * 83 + 187
    var x7 = value * 50 + 148
    let x6 = value * 91 + 621
    let x6 = value * 81 + 89
    var x6 = value * 14 + 691
    return value
}

func compute6(_ value: Int) -> Int {
    var x3 = value * 47 + 977
    let x4 = value * 52 + 851
    let x5 = value * 20 + 462
    var x6 = value * 31 + 657
    let x8 = value * 52 + 383
    let x8 = value * 86 + 82
    var x1 = value * 43 + 392
    let x4 = value * 17 + 99
    let x6 = value * 20 + 7
    var x2 = value * 53 + 518
    return value
}

func compute7(_ value: Int) -> Int {
    let x2 = value * 48 + 97
    var x8 = value * 29 + 734
    var x4 = value * 45 + 548
    return value
}

func compute8(_ value: Int) -> Int {
    let x0 = value * 34 + 531
    let x2 = value * 29 + 627
    var x2 = value * 51 + 480
    let x8 = value * 11 + 285
    var x4 = value * 27 + 807
    let x1 = value * 94 + 473
    var x4 = value * 85 + 772
    return value
}

func compute9(_ value: Int) -> Int {
    var x6 = value * 85 + 767
    let x7 = value * 91 + 434
    let x4 = value * 90 + 154
    var x0 = value * 16 + 8
    let x4 = value * 6 + 370
    return value
}

func compute10(_ value: Int) -> Int {
    let x8 = value * 91 + 534
    var x1 = value * 85 + 260
    let x6 = value * 75 + 385
    let x9 = value * 42 + 70
    return value
}

func compute11(_ value: Int) -> Int {
    let x5 = value * 56 + 514
    let x2 = value * 53 + 120
    return value
}

func compute12(_ value: Int) -> Int {
    var x8 = value * 41 + 885
    var x2 = value * 98 + 601
    let x1 = value * 78 + 148
    var x0 = value * 9 + 707
    let x8 = value * 87 + 266
    var x2 = value * 34 + 243
    let x5 = value * 77 + 276
    let x9 = value * 88 + 232
    let x0 = value * 52 + 270
    return value
}

func compute13(_ value: Int) -> Int {
    let x6 = value * 54 + 136
    var x8 = value * 8 + 481
    var x6 = value * 69 + 908
    return value
}

func compute14(_ value: Int) -> Int {
    var x5 = value * 8 + 486
    let x2 = value * 74 + 684
    var x1 = value * 95 + 356
    var x3 = value * 4 + 201
    var x0 = value * 88 + 470
    var x2 = value * 49 + 314
    let x3 = value * 40 + 220
    var x9 = value * 71 + 788
    var x7 = value * 85 + 430
    var x9 = value * 9 + 610
    let x5 = value * 47 + 637
    return value
}

func compute15(_ value: Int) -> Int {
    var x1 = value * 60 + 750
    var x1 = value * 18 + 10
    let x6 = value * 26 + 778
    let x4 = value * 60 + 159
    let x4 = value * 38 + 544
    var x0 = value * 89 + 743
    var x1 = value * 41 + 780
    var x9 = value * 55 + 837
    var x3 = value * 89 + 27
    var x2 = value * 17 + 620
    var x3 = value * 83 + 336
    return value
}

func compute16(_ value: Int) -> Int {
    var x0 = value * 88 + 797
    let x4 = value * 87 + 416
    let x5 = value * 81 + 125
    let x5 = value * 63 + 835
    var x0 = value * 71 + 955
    var x3 = value * 82 + 533
    let x9 = value * 12 + 369
    return value
}

func compute17(_ value: Int) -> Int {
    let x9 = value * 98 + 478
    var x7 = value * 50 + 132
    let x2 = value * 69 + 914
    let x1 = value * 65 + 695
    let x0 = value * 50 + 365
    var x6 = value * 60 + 189
    let x6 = value * 91 + 545
    var x1 = value * 22 + 46
    return value
}

func compute18(_ value: Int) -> Int {
    let x6 = value * 62 + 496
    var x5 = value * 22 + 441
    let x4 = value * 62 + 348
    var x6 = value * 43 + 12
    var x9 = value * 88 + 701
    return value
}

func compute19(_ value: Int) -> Int {
    var x9 = value * 77 + 765
    var x0 = value * 62 + 789
    let x7 = value * 31 + 389
    let x0 = value * 65 + 868
    return value
}

func compute20(_ value: Int) -> Int {
    let x1 = value * 20 + 359
    let x6 = value * 18 + 537
    var x1 = value * 14 + 291
    let x6 = value * 84 + 284
    var x6 = value * 79 + 911
    return value
}

func compute21(_ value: Int) -> Int {
    let x2 = value * 55 + 755
    let x2 = value * 49 + 974
    var x8 = value * 19 + 833
    var x4 = value * 68 + 908
    let x9 = value * 9 + 194
    var x4 = value * 87 + 730
    var x2 = value * 58 + 474
    let x6 = value * 57 + 781
    let x5 = value * 82 + 198
    return value
}

