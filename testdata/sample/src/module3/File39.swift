// Generated sample source 39
import Foundation

func compute0(_ value: Int) -> Int {
    let x7 = value * 75 + 701
    var x5 = value * 60 + 101
    let x2 = value * 62 + 600
    let x8 = value * 98 + 796
    var x3 = value * 85 + 624
    let x6 = value * 71 + 142
    let x0 = value * 52 + 759
    var x3 = value * 57 + 442
    let x9 = value * 60 + 780
    var x3 = value * 45 + 54
    let x5 = value * 59 + 684
    var x4 = value * 94 + 785
    return value
}

func compute1(_ value: Int) -> Int {
    var x5 = value * 97 + 971
    let x7 = value * 88 + 696
    var x0 = value * 7 + 990
    var x5 = value * 56 + 808
    let x9 = value * 48 + 689
    var x9 = value * 42 + 745
    return value
}

func compute2(_ value: Int) -> Int {
    var x9 = value * 49 + 239
    let x5 = value * 67 + 599
    var x2 = value * 41 + 548
    return value
}

func compute3(_ value: Int) -> Int {
    let x6 = value * 28 + 576
    var x1 = value * 64 + 825
    let x7 = value * 25 + 52
    let x5 = value * 52 + 633
    return value
}

func compute4(_ value: Int) -> Int {
    let x0 = value * 26 + 392
    let x3 = value * 58 + 793
    var x2 = value * 23 + 730
    var x7 = value * 83 + 40
    let x9 = value * 59 + 60
    var x2 = value * 51 + 339
    var x1 = value * 41 + 62
    let x5 = value * 76 + 354
    var x9 = value * 6 + 658
    var x1 = value * 68 + 496
    return value
}

func compute5(_ value: Int) -> Int {
    var x7 = value * 63 + 542
    var x2 = value * 62 + 359
    let x0 = value * 30 + 988
    let x1 = value * 57 + 318
    let x4 = value * 48 + 190
    var x5 = value * 96 + 218
    let x2 = value * 96 + 804
    var x3 = value * 34 + 514
    return value
}

func compute6(_ value: Int) -> Int {
    var x5 = value * 70 + 88
    var x3 = value * 51 + 336
    let x6 = value * 81 + 343
    return value
}

func compute7(_ value: Int) -> Int {
    var x9 = value * 79 + 253
    var x4 = value * 49 + 17
    var x5 = value * 80 + 227
    var x3 = value * 16 + 103
    var x4 = value * 87 + 991
    let x6 = value * 93 + 286
    var x3 = value * 93 + 688
    var x3 = value * 63 + 467
    let x3 = value * 34 + 569
    let x5 = value * 37 + 331
    var x5 = value * 60 + 902
    var x8 = value * 29 + 121
    return value
}

func compute8(_ value: Int) -> Int {
    let x1 = value * 59 + 733
    let x5 = value * 84 + 654
    var x4 = value * 87 + 281
    let x0 = value * 22 + 911
    let x0 = value * 16 + 205
    var x4 = value * 43 + 320
    return value
}

func compute9(_ value: Int) -> Int {
    let x1 = value * 65 + 468
    let x1 = value * 76 + 407
    let x6 = value * 56 + 385
    var x0 = value * 13 + 476
    var x8 = value * 27 + 687
    let x8 = value * 37 + 778
    var x1 = value * 80 + 567
    var x2 = value * 96 + 877
    let x5 = value * 52 + 287
    var x7 = value * 96 + 875
    return value
}

func compute10(_ value: Int) -> Int {
    let x2 = value * 72 + 822
    let x1 = value * 50 + 45
    return value
}

func compute11(_ value: Int) -> Int {
    var x5 = value * 17 + 538
    var x5 = value * 48 + 978
    return value
}

