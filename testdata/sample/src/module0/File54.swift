// Generated sample source 54
import Foundation

func compute0(_ value: Int) -> Int {
    let x7 = value * 77 + 9
    let x4 = value * 33 + 576
    let x5 = value * 66 + 659
    var x1 = value * 67 + 298
    let x4 = value * 82 + 243
    let x2 = value * 59 + 575
    let x1 = value * 82 + 125
    var x1 = value * 30 + 442
    var x7 = value * 67 + 136
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 81 + 514
    let x6 = value * 96 + 306
    let x7 = value * 51 + 113
    var x4 = value * 94 + 777
    return value
}

func compute2(_ value: Int) -> Int {
    var x9 = value * 97 + 639
    let x6 = value * 89 + 870
    let x2 = value * 47 + 102
    let x1 = value * 39 + 614
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 59 + 136
    var x6 = value * 65 + 187
    var x1 = value * 85 + 171
    let x0 = value * 35 + 857
    let x4 = value * 39 + 186
    return value
}

func compute4(_ value: Int) -> Int {
    var x8 = value * 59 + 875
    let x5 = value * 98 + 910
    let x5 = value * 44 + 207
    let x0 = value * 77 + 45
    var x2 = value * 58 + 846
    let x1 = value * 81 + 760
    var x3 = value * 11 + 37
    var x0 = value * 15 + 545
    var x3 = value * 33 + 275
    var x7 = value * 25 + 646
    return value
}

func compute5(_ value: Int) -> Int {
    let x9 = value * 49 + 612
    let x6 = value * 90 + 318
    var x2 = value * 62 + 140
    var x1 = value * 14 + 1
    var x1 = value * 55 + 561
    var x2 = value * 62 + 528
    var x8 = value * 52 + 817
    var x4 = value * 47 + 577
    var x7 = value * 51 + 241
    var x4 = value * 69 + 257
    let x4 = value * 60 + 402
    return value
}

func compute6(_ value: Int) -> Int {
    var x7 = value * 14 + 164
    let x5 = value * 63 + 291
    let x2 = value * 12 + 355
    var x2 = value * 7 + 65
    let x0 = value * 63 + 187
    let x2 = value * 14 + 105
    var x7 = value * 9 + 755
    var x2 = value * 93 + 931
    var x1 = value * 90 + 147
    var x2 = value * 98 + 76
    return value
}

func compute7(_ value: Int) -> Int {
    let x8 = value * 71 + 916
    var x0 = value * 66 + 419
    let x0 = value * 71 + 996
    let x2 = value * 60 + 891
    let x0 = value * 1 + 495
    var x7 = value * 85 + 502
    var x8 = value * 19 + 914
    var x4 = value * 83 + 230
    return value
}

func compute8(_ value: Int) -> Int {
    let x4 = value * 37 + 978
    var x3 = value * 41 + 989
    var x0 = value * 14 + 12
    var x7 = value * 23 + 389
    return value
}

func compute9(_ value: Int) -> Int {
    var x0 = value * 22 + 130
    let x1 = value * 28 + 585
    var x5 = value * 83 + 192
    var x8 = value * 45 + 594
    let x8 = value * 81 + 45
    let x4 = value * 98 + 202
    let x0 = value * 99 + 456
    return value
}

func compute10(_ value: Int) -> Int {
    var x1 = value * 90 + 820
    let x2 = value * 78 + 778
    let x6 = value * 98 + 836
    let x9 = value * 26 + 356
    return value
}

func compute11(_ value: Int) -> Int {
    var x2 = value * 90 + 213
    var x3 = value * 72 + 884
    let x4 = value * 91 + 922
    var x9 = value * 40 + 269
    let x0 = value * 40 + 147
    return value
}

func compute12(_ value: Int) -> Int {
    var x6 = value * 1 + 92
    let x2 = value * 56 + 579
    var x2 = value * 42 + 20
    var x8 = value * 68 + 737
    var x3 = value * 57 + 825
    var x8 = value * 77 + 429
    let x6 = value * 80 + 256
    let x3 = value * 40 + 971
    return value
}

func compute13(_ value: Int) -> Int {
    var x9 = value * 2 + 854
    let x3 = value * 80 + 755
    let x2 = value * 63 + 444
    let x7 = value * 11 + 337
    let x3 = value * 95 + 246
    var x1 = value * 76 + 189
    var x9 = value * 14 + 276
    return value
}

func compute14(_ value: Int) -> Int {
    let x6 = value * 2 + 341
    var x8 = value * 44 + 437
    let x4 = value * 49 + 904
    return value
}

