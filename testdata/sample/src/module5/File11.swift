// Generated sample source 11
import Foundation

func compute0(_ value: Int) -> Int {
    var x3 = value * 47 + 5
    var x7 = value * 69 + 271
    var x2 = value * 27 + 679
    var x9 = value * 12 + 682
    var x6 = value * 83 + 963
    var x6 = value * 67 + 880
    var x4 = value * 43 + 619
    let x1 = value * 34 + 577
    return value
}

func compute1(_ value: Int) -> Int {
    let x4 = value * 59 + 108
    let x2 = value * 27 + 30
    let x8 = value * 2 + 504
    let x1 = value * 50 + 253
    var x6 = value * 80 + 139
    let x0 = value * 21 + 123
    return value
}

func compute2(_ value: Int) -> Int {
    let x4 = value * 96 + 431
    let x9 = value * 3 + 378
    var x5 = value * 56 + 396
    var x5 = value * 85 + 421
    let x1 = value * 39 + 823
    var x4 = value * 4 + 111
    var x4 = value * 69 + 895
    var x5 = value * 34 + 990
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 70 + 400
    var x2 = value * 52 + 721
    var x8 = value * 90 + 212
    let x7 = value * 58 + 327
    let x5 = value * 12 + 952
    return value
}

func compute4(_ value: Int) -> Int {
    var x6 = value * 21 + 504
    let x9 = value * 34 + 487
    return value
}

func compute5(_ value: Int) -> Int {
    let x4 = value * 68 + 704
    let x5 = value * 31 + 492
    var x3 = value * 82 + 365
    let x7 = value * 85 + 904
    let x7 = value * 84 + 445
    var x8 = value * 70 + 254
    let x2 = value * 3 + 735
    return value
}

func compute6(_ value: Int) -> Int {
    var x2 = value * 50 + 342
    var x2 = value * 70 + 306
    return value
}

func compute7(_ value: Int) -> Int {
    var x8 = value * 4 + 568
    var x8 = value * 12 + 223
    return value
}

func compute8(_ value: Int) -> Int {
    var x6 = value * 57 + 661
    let x0 = value * 76 + 258
    var x4 = value * 85 + 475
    return value
}

func compute9(_ value: Int) -> Int {
    let x2 = value * 78 + 712
    var x3 = value * 67 + 224
    var x6 = value * 35 + 315
    var x6 = value * 80 + 515
    let x9 = value * 63 + 102
    let x6 = value * 57 + 592
    return value
}

func compute10(_ value: Int) -> Int {
    let x1 = value * 91 + 221
    let x2 = value * 16 + 565
    var x8 = value * 60 + 75
    var x6 = value * 14 + 732
    var x5 = value * 9 + 951
    return value
}

func compute11(_ value: Int) -> Int {
    let x5 = value * 5 + 604
    let x6 = value * 73 + 342
    return value
}

func compute12(_ value: Int) -> Int {
    let x9 = value * 68 + 350
    let x9 = value * 18 + 471
    let x9 = value * 91 + 135
    let x7 = value * 7 + 993
    let x4 = value * 55 + 999
    let x6 = value * 33 + 74
    let x5 = value * 75 + 804
    let x6 = value * 13 + 624
    let x5 = value * 77 + 236
    let x2 = value * 56 + 61
    var x4 = value * 94 + 248
    return value
}

func compute13(_ value: Int) -> Int {
    let x0 = value * 59 + 811
    let x6 = value * 38 + 749
    var x4 = value * 27 + 844
    var x8 = value * 96 + 94
    return value
}

func compute14(_ value: Int) -> Int {
    let x8 = value * 41 + 318
    var x2 = value * 94 + 905
    let x7 = value * 51 + 839
    var x1 = value * 36 + 4
    let x2 = value * 64 + 365
    return value
}

func compute15(_ value: Int) -> Int {
    var x6 = value * 38 + 148
    let x5 = value * 76 + 896
    var x8 = value * 3 + 345
    let x7 = value * 8 + 710
    var x9 = value * 25 + 168
    var x3 = value * 31 + 558
    return value
}

func compute16(_ value: Int) -> Int {
    let x8 = value * 14 + 712
    var x8 = value * 84 + 889
    var x5 = value * 35 + 841
    var x6 = value * 50 + 843
    var x1 = value * 50 + 910
    var x7 = value * 24 + 44
    var x1 = value * 40 + 636
    var x6 = value * 87 + 877
    var x9 = value * 55 + 521
    return value
}

func compute17(_ value: Int) -> Int {
    let x4 = value * 92 + 572
    let x9 = value * 69 + 639
    var x6 = value * 4 + 74
    var x3 = value * 70 + 462
    let x2 = value * 64 + 323
    var x0 = value * 75 + 645
    let x3 = value * 74 + 696
    var x6 = value * 5 + 570
    let x6 = value * 61 + 842
    var x0 = value * 43 + 978
    return value
}

func compute18(_ value: Int) -> Int {
    var x0 = value * 99 + 423
    let x5 = value * 73 + 550
    var x9 = value * 8 + 692
    var x7 = value * 93 + 336
    var x0 = value * 46 + 144
    let x5 = value * 40 + 67
    return value
}

func compute19(_ value: Int) -> Int {
    let x9 = value * 17 + 870
    let x4 = value * 52 + 348
    var x8 = value * 50 + 317
    return value
}

func compute20(_ value: Int) -> Int {
    let x3 = value * 48 + 694
    let x2 = value * 14 + 101
    let x1 = value * 17 + 815
    let x2 = value * 41 + 635
    var x9 = value * 50 + 54
    let x0 = value * 36 + 754
    return value
}

func compute21(_ value: Int) -> Int {
    var x2 = value * 78 + 731
    var x7 = value * 49 + 723
    var x0 = value * 93 + 941
    let x7 = value * 67 + 510
    return value
}

func compute22(_ value: Int) -> Int {
    var x8 = value * 47 + 411
    let x5 = value * 13 + 524
    var x4 = value * 79 + 186
    return value
}

func compute23(_ value: Int) -> Int {
    let x8 = value * 75 + 30
    var x5 = value * 71 + 916
    var x5 = value * 4 + 844
    var x0 = value * 68 + 926
    var x2 = value * 46 + 899
    let x0 = value * 44 + 465
    var x1 = value * 58 + 269
    let x0 = value * 46 + 335
    let x9 = value * 41 + 944
    return value
}

func compute24(_ value: Int) -> Int {
    var x0 = value * 94 + 829
    var x1 = value * 94 + 778
    var x9 = value * 41 + 893
    var x4 = value * 26 + 137
    var x8 = value * 72 + 104
    let x7 = value * 8 + 930
    let x3 = value * 81 + 579
    var x1 = value * 4 + 42
    var x6 = value * 32 + 539
    return value
}

