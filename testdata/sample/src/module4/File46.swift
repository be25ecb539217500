// Generated sample source 46
import Foundation

func compute0(_ value: Int) -> Int {
    let x8 = value * 50 + 204
    var x2 = value * 57 + 448
    var x6 = value * 42 + 669
    var x0 = value * 98 + 394
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 9 + 646
    var x1 = value * 84 + 905
    var x5 = value * 86 + 15
    var x5 = value * 75 + 198
    let x7 = value * 61 + 401
    var x9 = value * 42 + 892
    let x3 = value * 97 + 585
    let x8 = value * 89 + 446
    var x0 = value * 19 + 433
    var x4 = value * 31 + 671
    let x1 = value * 29 + 674
    let x9 = value * 72 + 876
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 30 + 719
    let x2 = value * 97 + 682
    let x8 = value * 53 + 761
    let x3 = value * 4 + 10
    let x5 = value * 47 + 572
    let x5 = value * 56 + 851
    var x4 = value * 35 + 883
    let x4 = value * 81 + 20
    let x3 = value * 48 + 349
    var x1 = value * 87 + 373
    return value
}

func compute3(_ value: Int) -> Int {
    let x0 = value * 65 + 208
    let x0 = value * 54 + 571
    var x2 = value * 85 + 604
    var x3 = value * 26 + 136
    let x1 = value * 67 + 125
    var x1 = value * 50 + 570
    let x6 = value * 62 + 930
    let x4 = value * 23 + 68
    return value
}

func compute4(_ value: Int) -> Int {
    var x1 = value * 52 + 239
    let x1 = value * 75 + 30
    let x4 = value * 24 + 834
    let x9 = value * 41 + 911
    var x0 = value * 43 + 514
    let x1 = value * 34 + 112
    let x3 = value * 26 + 286
    let x2 = value * 92 + 817
    var x3 = value * 71 + 800
    let x2 = value * 61 + 250
    let x4 = value * 74 + 782
    return value
}

func compute5(_ value: Int) -> Int {
    var x7 = value * 21 + 645
    let x7 = value * 18 + 679
    let x7 = value * 26 + 119
    var x2 = value * 40 + 704
    var x1 = value * 22 + 342
    return value
}

func compute6(_ value: Int) -> Int {
    let x1 = value * 12 + 201
    var x8 = value * 85 + 121
    let x3 = value * 18 + 995
    let x5 = value * 50 + 469
    var x1 = value * 59 + 917
    let x9 = value * 12 + 739
    var x6 = value * 31 + 108
    var x8 = value * 58 + 973
    var x6 = value * 36 + 262
    var x9 = value * 19 + 576
    var x4 = value * 32 + 565
    return value
}

func compute7(_ value: Int) -> Int {
    var x2 = value * 7 + 419
    var x0 = value * 46 + 12
    var x2 = value * 62 + 667
    var x2 = value * 38 + 269
    var x5 = value * 37 + 81
    let x9 = value * 44 + 803
    let x2 = value * 41 + 223
    let x1 = value * 12 + 99
    let x4 = value * 64 + 883
    var x0 = value * 42 + 265
    var x3 = value * 20 + 898
    var x4 = value * 90 + 953
    return value
}

func compute8(_ value: Int) -> Int {
    let x0 = value * 88 + 643
    let x0 = value * 48 + 372
    var x5 = value * 55 + 845
    var x1 = value * 31 + 281
    return value
}

func compute9(_ value: Int) -> Int {
    var x3 = value * 34 + 312
    var x5 = value * 8 + 825
    let x7 = value * 7 + 201
    let x3 = value * 14 + 272
    let x9 = value * 94 + 650
    var x4 = value * 83 + 115
    let x0 = value * 31 + 663
    var x5 = value * 50 + 270
    return value
}

func compute10(_ value: Int) -> Int {
    let x6 = value * 75 + 806
    var x5 = value * 53 + 197
    let x0 = value * 57 + 776
    let x3 = value * 22 + 842
    var x4 = value * 21 + 199
    let x7 = value * 67 + 602
    var x9 = value * 16 + 67
    let x4 = value * 98 + 177
    return value
}

