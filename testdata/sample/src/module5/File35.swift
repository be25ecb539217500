// Generated sample source 35
import Foundation

func compute0(_ value: Int) -> Int {
    let x7 = value * 35 + 88
    let x8 = value * 92 + 324
    let x5 = value * 33 + 553
    var x3 = value * 20 + 28
    var x3 = value * 97 + 401
    let x9 = value * 64 + 50
    let x6 = value * 19 + 151
    var x5 = value * 76 + 873
    return value
}

func compute1(_ value: Int) -> Int {
    var x3 = value * 27 + 769
    var x4 = value * 70 + 342
    let x3 = value * 73 + 990
    let x4 = value * 40 + 41
    return value
}

func compute2(_ value: Int) -> Int {
    let x2 = value * 77 + 743
    let x4 = value * 52 + 787
    var x4 = value * 63 + 784
    var x1 = value * 36 + 522
    let x7 = value * 14 + 885
    let x1 = value * 92 + 919
    return value
}

func compute3(_ value: Int) -> Int {
    let x1 = value * 81 + 426
    var x3 = value * 80 + 802
    var x6 = value * 79 + 681
    var x6 = value * 59 + 10
    return value
}

func compute4(_ value: Int) -> Int {
    let x3 = value * 29 + 169
    var x4 = value * 10 + 597
    var x6 = value * 64 + 490
    return value
}

func compute5(_ value: Int) -> Int {
    var x9 = value * 12 + 763
    var x5 = value * 86 + 765
    var x3 = value * 65 + 261
    let x1 = value * 66 + 853
    let x8 = value * 47 + 724
    var x6 = value * 13 + 556
    var x7 = value * 90 + 12
    var x5 = value * 32 + 809
    return value
}

func compute6(_ value: Int) -> Int {
    let x4 = value * 81 + 621
    let x8 = value * 18 + 820
    let x3 = value * 54 + 315
    let x4 = value * 96 + 860
    let x7 = value * 17 + 75
    return value
}

func compute7(_ value: Int) -> Int {
    let x5 = value * 7 + 312
    var x9 = value * 7 + 571
    var x3 = value * 83 + 932
    var x6 = value * 46 + 776
    var x9 = value * 36 + 507
    let x5 = value * 12 + 44
    let x6 = value * 73 + 419
    var x7 = value * 73 + 270
    var x7 = value * 20 + 476
    let x1 = value * 16 + 251
    var x0 = value * 43 + 804
    let x7 = value * 99 + 31
    return value
}

func compute8(_ value: Int) -> Int {
    let x6 = value * 55 + 663
    var x8 = value * 74 + 671
    let x8 = value * 70 + 93
    var x9 = value * 75 + 653
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 52 + 810
    var x9 = value * 59 + 107
    var x4 = value * 93 + 18
    let x6 = value * 34 + 137
    var x8 = value * 47 + 990
    return value
}

