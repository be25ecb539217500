// Generated sample source 55
import Foundation

func compute0(_ value: Int) -> Int {
    let x0 = value * 51 + 634
    let x3 = value * 43 + 227
    var x6 = value * 61 + 369
    let x1 = value * 80 + 626
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 89 + 832
    var x0 = value * 96 + 97
    let x3 = value * 93 + 970
    var x3 = value * 3 + 108
    let x9 = value * 99 + 336
    var x9 = value * 21 + 313
    let x7 = value * 47 + 497
    let x8 = value * 76 + 457
    var x1 = value * 7 + 296
    let x3 = value * 15 + 456
    return value
}

func compute2(_ value: Int) -> Int {
    let x4 = value * 51 + 66
    let x5 = value * 81 + 119
    return value
}

func compute3(_ value: Int) -> Int {
    var x7 = value * 46 + 168
    var x6 = value * 60 + 315
    var x2 = value * 31 + 425
    let x6 = value * 69 + 967
    let x5 = value * 73 + 656
    var x2 = value * 68 + 609
    let x1 = value * 22 + 801
    let x5 = value * 14 + 929
    let x6 = value * 54 + 396
    return value
}

func compute4(_ value: Int) -> Int {
    var x9 = value * 84 + 895
    var x8 = value * 80 + 208
    var x6 = value * 15 + 540
    var x1 = value * 82 + 175
    let x1 = value * 24 + 237
    var x2 = value * 39 + 877
    let x9 = value * 53 + 852
    let x1 = value * 84 + 677
    let x9 = value * 34 + 354
    return value
}

func compute5(_ value: Int) -> Int {
    var x1 = value * 56 + 955
    var x9 = value * 82 + 340
    var x8 = value * 72 + 803
    var x7 = value * 74 + 176
    let x8 = value * 58 + 132
    let x8 = value * 36 + 496
    let x4 = value * 26 + 391
    var x9 = value * 81 + 130
    var x1 = value * 43 + 669
    let x2 = value * 13 + 872
    var x4 = value * 53 + 368
    return value
}

func compute6(_ value: Int) -> Int {
    let x3 = value * 9 + 122
    let x6 = value * 77 + 651
    var x7 = value * 63 + 524
    let x1 = value * 10 + 492
    var x8 = value * 26 + 49
    return value
}

func compute7(_ value: Int) -> Int {
    let x4 = value * 50 + 837
    let x0 = value * 94 + 221
    let x1 = value * 75 + 465
    let x1 = value * 4 + 465
    let x5 = value * 93 + 388
    let x2 = value * 84 + 252
    let x8 = value * 36 + 204
    return value
}

func compute8(_ value: Int) -> Int {
    var x4 = value * 58 + 897
    let x1 = value * 31 + 966
    var x9 = value * 59 + 440
    var x1 = value * 2 + 239
    return value
}

func compute9(_ value: Int) -> Int {
    var x0 = value * 93 + 764
    var x7 = value * 38 + 106
    var x3 = value * 11 + 757
    var x6 = value * 16 + 401
    let x7 = value * 11 + 854
    let x9 = value * 83 + 474
    let x6 = value * 41 + 248
    var x9 = value * 56 + 503
    let x9 = value * 46 + 354
    var x4 = value * 65 + 44
    var x7 = value * 97 + 650
    return value
}

func compute10(_ value: Int) -> Int {
    let x5 = value * 10 + 606
    let x2 = value * 33 + 443
    let x2 = value * 66 + 584
    let x1 = value * 70 + 339
    let x9 = value * 24 + 141
    var x8 = value * 59 + 879
    let x3 = value * 70 + 345
    return value
}

func compute11(_ value: Int) -> Int {
    var x4 = value * 97 + 676
    var x0 = value * 84 + 151
    let x3 = value * 13 + 766
    let x9 = value * 33 + 159
    return value
}

func compute12(_ value: Int) -> Int {
    var x0 = value * 27 + 781
    let x4 = value * 8 + 268
    let x3 = value * 28 + 106
    var x3 = value * 73 + 908
    return value
}

func compute13(_ value: Int) -> Int {
    var x3 = value * 85 + 875
    var x9 = value * 5 + 575
    let x3 = value * 87 + 771
    var x1 = value * 34 + 129
    let x4 = value * 61 + 941
    let x8 = value * 71 + 800
    let x4 = value * 80 + 418
    return value
}

