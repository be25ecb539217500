// Generated sample source 34
import Foundation

func compute0(_ value: Int) -> Int {
    var x9 = value * 50 + 584
    let x5 = value * 49 + 709
    var x1 = value * 39 + 230
    let x9 = value * 62 + 545
    var x2 = value * 94 + 943
    let x6 = value * 33 + 676
    var x5 = value * 84 + 31
    var x3 = value * 15 + 191
    let x1 = value * 41 + 963
    let x6 = value * 77 + 17
    return value
}

func compute1(_ value: Int) -> Int {
    var x0 = value * 48 + 527
    let x9 = value * 74 + 321
    let x5 = value * 24 + 641
    return value
}

func compute2(_ value: Int) -> Int {
    let x0 = value * 1 + 834
    var x9 = value * 7 + 941
    var x8 = value * 12 + 434
    let x0 = value * 85 + 547
    var x4 = value * 62 + 782
    let x9 = value * 79 + 691
    var x3 = value * 54 + 803
    var x0 = value * 30 + 746
    var x8 = value * 6 + 365
    var x2 = value * 93 + 602
    var x8 = value * 93 + 437
    let x9 = value * 28 + 962
    return value
}

func compute3(_ value: Int) -> Int {
    let x6 = value * 26 + 115
    let x7 = value * 46 + 673
    return value
}

func compute4(_ value: Int) -> Int {
    let x7 = value * 90 + 875
    var x0 = value * 60 + 701
    var x4 = value * 82 + 721
    var x6 = value * 81 + 825
    var x2 = value * 83 + 228
    var x9 = value * 28 + 937
    let x2 = value * 91 + 876
    return value
}

func compute5(_ value: Int) -> Int {
    var x2 = value * 27 + 716
    var x9 = value * 57 + 80
    var x2 = value * 53 + 747
    var x5 = value * 57 + 38
    var x9 = value * 9 + 415
    return value
}

func compute6(_ value: Int) -> Int {
    let x9 = value * 61 + 559
    let x5 = value * 36 + 862
    return value
}

func compute7(_ value: Int) -> Int {
    var x2 = value * 36 + 1
    var x6 = value * 18 + 259
    let x0 = value * 37 + 581
    let x5 = value * 69 + 94
    let x2 = value * 20 + 104
    let x2 = value * 29 + 550
    let x6 = value * 6 + 594
    var x5 = value * 2 + 421
    var x3 = value * 67 + 745
    let x4 = value * 78 + 505
    return value
}

func compute8(_ value: Int) -> Int {
    var x4 = value * 48 + 501
    var x8 = value * 26 + 516
    let x0 = value * 57 + 556
    return value
}

func compute9(_ value: Int) -> Int {
    let x7 = value * 93 + 487
    var x5 = value * 62 + 872
    var x9 = value * 78 + 68
    let x5 = value * 84 + 877
    var x8 = value * 63 + 354
    let x6 = value * 77 + 428
    var x5 = value * 14 + 65
    var x8 = value * 37 + 495
    return value
}

func compute10(_ value: Int) -> Int {
    let x0 = value * 90 + 126
    let x6 = value * 84 + 619
    let x5 = value * 37 + 749
    var x3 = value * 62 + 798
    var x7 = value * 21 + 53
    var x4 = value * 48 + 828
    let x7 = value * 3 + 596
    let x1 = value * 33 + 284
    var x6 = value * 55 + 348
    var x5 = value * 9 + 618
    let x8 = value * 77 + 754
    let x1 = value * 38 + 39
    return value
}

func compute11(_ value: Int) -> Int {
    var x7 = value * 51 + 87
    let x5 = value * 12 + 183
    return value
}

func compute12(_ value: Int) -> Int {
    var x9 = value * 88 + 914
    let x2 = value * 43 + 994
    let x3 = value * 6 + 38
    var x7 = value * 58 + 130
    var x2 = value * 58 + 185
    return value
}

