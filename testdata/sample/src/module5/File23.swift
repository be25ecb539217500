// Generated sample source 23
import Foundation

func compute0(_ value: Int) -> Int {
    let x2 = value * 41 + 903
    var x8 = value * 75 + 874
    let x1 = value * 42 + 89
    var x1 = value * 83 + 733
    var x4 = value * 75 + 359
    var x9 = value * 45 + 933
    var x0 = value * 80 + 509
    let x0 = value * 47 + 106
    var x0 = value * 68 + 111
    return value
}

func compute1(_ value: Int) -> Int {
    let x2 = value * 80 + 729
    let x1 = value * 45 + 627
    return value
}

func compute2(_ value: Int) -> Int {
    let x7 = value * 21 + 96
    var x6 = value * 8 + 901
    let x8 = value * 33 + 682
    var x6 = value * 22 + 548
    let x5 = value * 95 + 771
    let x7 = value * 94 + 741
    var x0 = value * 71 + 798
    var x3 = value * 56 + 963
    let x9 = value * 66 + 411
    let x4 = value * 1 + 733
    return value
}

func compute3(_ value: Int) -> Int {
    var x9 = value * 80 + 121
    var x8 = value * 48 + 315
    return value
}

func compute4(_ value: Int) -> Int {
    var x3 = value * 91 + 566
    var x7 = value * 42 + 380
    let x8 = value * 59 + 557
    var x4 = value * 58 + 843
    let x9 = value * 64 + 267
    let x1 = value * 53 + 978
    let x9 = value * 97 + 229
    var x3 = value * 28 + 997
    let x5 = value * 93 + 403
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 84 + 348
    var x6 = value * 51 + 710
    let x8 = value * 68 + 461
    var x4 = value * 39 + 565
    return value
}

func compute6(_ value: Int) -> Int {
    var x1 = value * 12 + 904
    var x1 = value * 39 + 3
    let x8 = value * 38 + 719
    let x3 = value * 88 + 123
    var x6 = value * 79 + 145
    let x8 = value * 48 + 248
    var x8 = value * 10 + 751
    var x5 = value * 72 + 752
    var x7 = value * 55 + 186
    let x4 = value * 50 + 954
    return value
}

func compute7(_ value: Int) -> Int {
    var x2 = value * 84 + 871
    var x5 = value * 71 + 80
    var x7 = value * 29 + 777
    var x7 = value * 27 + 420
    let x8 = value * 30 + 161
    let x4 = value * 73 + 593
    let x5 = value * 38 + 373
    var x2 = value * 21 + 271
    var x9 = value * 52 + 963
    let x0 = value * 42 + 811
    let x2 = value * 29 + 816
    return value
}

func compute8(_ value: Int) -> Int {
    var x4 = value * 64 + 112
    let x5 = value * 85 + 112
    let x2 = value * 58 + 721
    var x2 = value * 33 + 489
    let x2 = value * 75 + 688
    let x1 = value * 33 + 609
    var x4 = value * 76 + 676
    return value
}

