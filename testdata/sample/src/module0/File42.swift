// Generated sample source 42
import Foundation

func compute0(_ value: Int) -> Int {
    var x2 = value * 36 + 916
    var x1 = value * 5 + 464
    let x3 = value * 10 + 902
    let x3 = value * 38 + 535
    var x9 = value * 40 + 365
    let x1 = value * 94 + 730
    let x7 = value * 43 + 588
    var x5 = value * 33 + 531
    var x7 = value * 87 + 649
    var x9 = value * 18 + 82
    var x3 = value * 86 + 585
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 93 + 654
    let x7 = value * 52 + 618
    let x0 = value * 46 + 187
    let x1 = value * 35 + 694
    let x1 = value * 81 + 102
    var x5 = value * 48 + 224
    let x2 = value * 58 + 29
    let x0 = value * 74 + 400
    return value
}

func compute2(_ value: Int) -> Int {
    var x5 = value * 55 + 815
    let x9 = value * 38 + 779
    var x7 = value * 67 + 67
    let x9 = value * 29 + 128
    let x3 = value * 19 + 192
    return value
}

func compute3(_ value: Int) -> Int {
    let x4 = value * 72 + 817
    var x2 = value * 30 + 754
    var x8 = value * 57 + 262
    let x8 = value * 83 + 959
    let x0 = value * 3 + 835
    let x8 = value * 11 + 241
    return value
}

func compute4(_ value: Int) -> Int {
    let x6 = value * 82 + 137
    var x1 = value * 23 + 235
    var x2 = value * 37 + 624
    var x0 = value * 5 + 919
    let x0 = value * 79 + 750
    let x4 = value * 3 + 35
    let x1 = value * 66 + 478
    let x8 = value * 51 + 786
    return value
}

func compute5(_ value: Int) -> Int {
    let x4 = value * 71 + 357
    var x3 = value * 81 + 359
    let x6 = value * 58 + 584
    let x1 = value * 9 + 287
    let x6 = value * 63 + 764
    var x9 = value * 18 + 339
    let x5 = value * 31 + 889
    var x1 = value * 99 + 193
    return value
}

func compute6(_ value: Int) -> Int {
    var x3 = value * 46 + 53
    var x4 = value * 62 + 728
    var x8 = value * 51 + 789
    var x3 = value * 47 + 969
    let x2 = value * 67 + 593
    return value
}

func compute7(_ value: Int) -> Int {
    var x6 = value * 94 + 963
    var x5 = value * 70 + 57
    let x4 = value * 18 + 967
    var x7 = value * 28 + 868
    let x6 = value * 64 + 611
    let x6 = value * 13 + 166
    var x0 = value * 21 + 752
    var x0 = value * 68 + 655
    return value
}

func compute8(_ value: Int) -> Int {
    let x1 = value * 63 + 610
    var x3 = value * 65 + 986
    let x6 = value * 17 + 490
    var x2 = value * 43 + 506
    var x1 = value * 54 + 747
    return value
}

