// Generated sample source 25
import Foundation

func compute0(_ value: Int) -> Int {
    var x4 = value * 19 + 537
    var x2 = value * 11 + 288
    var x9 = value * 50 + 156
    let x0 = value * 84 + 55
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 9 + 605
    var x0 = value * 18 + 888
    let x3 = value * 36 + 538
    var x8 = value * 84 + 140
    var x5 = value * 2 + 197
    var x7 = value * 38 + 320
    var x9 = value * 23 + 824
    var x4 = value * 76 + 422
    let x7 = value * 18 + 82
    let x0 = value * 11 + 165
    var x0 = value * 23 + 614
    return value
}

func compute2(_ value: Int) -> Int {
    var x5 = value * 91 + 834
    var x9 = value * 23 + 721
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 38 + 852
    let x2 = value * 24 + 55
    var x0 = value * 54 + 893
    var x8 = value * 97 + 269
    let x5 = value * 58 + 735
    var x6 = value * 93 + 180
    return value
}

func compute4(_ value: Int) -> Int {
    let x5 = value * 33 + 306
    var x6 = value * 50 + 560
    var x4 = value * 58 + 9
    let x9 = value * 62 + 881
    var x9 = value * 21 + 826
    let x1 = value * 11 + 438
    let x2 = value * 37 + 938
    return value
}

func compute5(_ value: Int) -> Int {
    let x1 = value * 11 + 478
    let x0 = value * 35 + 817
    let x6 = value * 91 + 504
    var x5 = value * 44 + 407
    let x3 = value * 76 + 898
    let x1 = value * 57 + 792
    var x6 = value * 69 + 146
    let x0 = value * 97 + 283
    var x0 = value * 82 + 506
    let x5 = value * 95 + 134
    let x8 = value * 85 + 85
    var x8 = value * 34 + 430
    return value
}

func compute6(_ value: Int) -> Int {
    let x8 = value * 94 + 721
    var x7 = value * 2 + 149
    let x3 = value * 64 + 563
    let x7 = value * 78 + 607
    let x3 = value * 5 + 677
    let x5 = value * 96 + 208
    return value
}

func compute7(_ value: Int) -> Int {
    let x7 = value * 68 + 847
    var x3 = value * 33 + 62
    let x5 = value * 75 + 304
    let x4 = value * 50 + 249
    let x2 = value * 41 + 716
    return value
}

func compute8(_ value: Int) -> Int {
    let x6 = value * 20 + 799
    let x5 = value * 6 + 286
    return value
}

func compute9(_ value: Int) -> Int {
    let x9 = value * 60 + 419
    let x3 = value * 98 + 479
    var x2 = value * 3 + 667
    var x3 = value * 64 + 555
    return value
}

func compute10(_ value: Int) -> Int {
    var x5 = value * 2 + 810
    var x4 = value * 38 + 161
    var x2 = value * 15 + 965
    let x7 = value * 79 + 490
    var x2 = value * 58 + 147
    let x6 = value * 83 + 952
    var x9 = value * 97 + 298
    let x4 = value * 91 + 256
    var x2 = value * 36 + 578
    var x9 = value * 67 + 677
    return value
}

func compute11(_ value: Int) -> Int {
    let x4 = value * 67 + 756
    var x5 = value * 95 + 990
    var x4 = value * 38 + 291
    let x3 = value * 68 + 277
    var x2 = value * 70 + 594
    var x8 = value * 77 + 842
    let x3 = value * 19 + 313
    let x8 = value * 21 + 222
    var x3 = value * 43 + 274
    return value
}

func compute12(_ value: Int) -> Int {
    var x7 = value * 63 + 2
    var x3 = value * 69 + 776
    var x1 = value * 41 + 17
    var x8 = value * 31 + 528
    let x7 = value * 12 + 867
    var x5 = value * 75 + 411
    var x1 = value * 82 + 412
    let x8 = value * 73 + 600
    let x3 = value * 70 + 915
    let x4 = value * 70 + 496
    let x0 = value * 19 + 347
    return value
}

func compute13(_ value: Int) -> Int {
    let x8 = value * 60 + 666
    let x2 = value * 52 + 727
    let x4 = value * 77 + 739
    let x2 = value * 46 + 338
    var x3 = value * 60 + 344
    var x9 = value * 56 + 263
    return value
}

func compute14(_ value: Int) -> Int {
    var x7 = value * 29 + 969
    var x8 = value * 17 + 692
    return value
}

func compute15(_ value: Int) -> Int {
    var x9 = value * 50 + 793
    let x0 = value * 11 + 344
    let x4 = value * 36 + 539
    let x7 = value * 55 + 578
    let x8 = value * 36 + 785
    let x1 = value * 75 + 89
    let x5 = value * 43 + 927
    return value
}

func compute16(_ value: Int) -> Int {
    var x1 = value * 73 + 773
    var x9 = value * 72 + 143
    var x9 = value * 73 + 498
    let x5 = value * 59 + 987
    let x8 = value * 62 + 637
    return value
}

func compute17(_ value: Int) -> Int {
    var x5 = value * 62 + 613
    let x1 = value * 20 + 368
    var x5 = value * 10 + 348
    var x3 = value * 51 + 263
    let x1 = value * 14 + 572
    let x1 = value * 1 + 585
    let x7 = value * 66 + 716
    var x0 = value * 67 + 870
    let x8 = value * 86 + 884
    let x8 = value * 49 + 370
    var x7 = value * 63 + 469
    return value
}

func compute18(_ value: Int) -> Int {
    let x3 = value * 5 + 348
    let x2 = value * 95 + 499
    var x3 = value * 28 + 881
    var x2 = value * 71 + 344
    let x6 = value * 55 + 634
    var x3 = value * 4 + 744
    var x3 = value * 12 + 821
    var x7 = value * 27 + 733
    let x7 = value * 62 + 889
    var x8 = value * 29 + 856
    var x5 = value * 36 + 158
    return value
}

func compute19(_ value: Int) -> Int {
    var x1 = value * 30 + 298
    let x1 = value * 32 + 176
    var x0 = value * 23 + 55
    var x6 = value * 62 + 415
    let x8 = value * 14 + 822
    var x9 = value * 21 + 182
    let x4 = value * 85 + 462
    let x3 = value * 60 + 241
    var x0 = value * 30 + 194
    return value
}

