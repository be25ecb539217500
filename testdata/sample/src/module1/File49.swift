// Generated sample source 49
import Foundation

func compute0(_ value: Int) -> Int {
    var x1 = value * 33 + 484
    var x2 = value * 38 + 422
    var x5 = value * 64 + 918
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 7 + 517
    let x9 = value * 30 + 700
    let x4 = value * 17 + 381
    var x2 = value * 77 + 945
    let x8 = value * 14 + 484
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 1 + 729
    let x8 = value * 13 + 649
    let x5 = value * 97 + 0
    let x2 = value * 46 + 112
    var x6 = value * 13 + 703
    var x2 = value * 27 + 968
    var x2 = value * 60 + 623
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 89 + 759
    let x9 = value * 90 + 83
    var x4 = value * 43 + 733
    let x4 = value * 19 + 123
    var x6 = value * 26 + 15
    let x7 = value * 74 + 146
    var x1 = value * 11 + 222
    let x9 = value * 97 + 385
    var x9 = value * 65 + 280
    let x5 = value * 21 + 279
    var x4 = value * 74 + 870
    var x1 = value * 64 + 703
    return value
}

func compute4(_ value: Int) -> Int {
    var x5 = value * 73 + 273
    let x8 = value * 76 + 276
    let x2 = value * 66 + 983
    let x7 = value * 30 + 922
    let x4 = value * 52 + 16
    let x8 = value * 50 + 35
    let x7 = value * 13 + 144
    let x7 = value * 71 + 663
    return value
}

func compute5(_ value: Int) -> Int {
    var x0 = value * 86 + 580
    var x6 = value * 24 + 181
    var x0 = value * 52 + 804
    var x2 = value * 27 + 232
    let x7 = value * 42 + 18
    let x9 = value * 85 + 693
    var x6 = value * 34 + 597
    var x1 = value * 23 + 294
    let x1 = value * 51 + 284
    let x7 = value * 58 + 185
    var x9 = value * 33 + 911
    let x3 = value * 19 + 478
    return value
}

func compute6(_ value: Int) -> Int {
    var x0 = value * 15 + 495
    var x9 = value * 3 + 23
    let x6 = value * 2 + 454
    var x5 = value * 5 + 53
    var x1 = value * 9 + 531
    let x1 = value * 37 + 510
    let x6 = value * 7 + 692
    let x5 = value * 1 + 3
    var x6 = value * 77 + 102
    return value
}

func compute7(_ value: Int) -> Int {
    let x1 = value * 66 + 873
    let x9 = value * 1 + 683
    var x3 = value * 40 + 267
    var x8 = value * 16 + 98
    var x5 = value * 68 + 577
    let x3 = value * 93 + 879
    let x6 = value * 44 + 798
    let x6 = value * 35 + 728
    let x6 = value * 59 + 94
    var x3 = value * 13 + 748
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 61 + 476
    let x2 = value * 16 + 916
    let x0 = value * 65 + 397
    let x1 = value * 25 + 574
    var x8 = value * 37 + 652
    var x9 = value * 59 + 319
    let x7 = value * 61 + 862
    var x8 = value * 9 + 385
    return value
}

func compute9(_ value: Int) -> Int {
    let x2 = value * 82 + 541
    var x9 = value * 25 + 103
    return value
}

func compute10(_ value: Int) -> Int {
    let x0 = value * 54 + 682
    var x9 = value * 5 + 300
    var x8 = value * 84 + 89
    var x3 = value * 52 + 849
    let x1 = value * 5 + 388
    let x9 = value * 6 + 88
    var x8 = value * 66 + 845
    var x9 = value * 10 + 25
    let x9 = value * 62 + 753
    var x7 = value * 81 + 634
    var x3 = value * 44 + 740
    var x0 = value * 81 + 842
    return value
}

