// Generated sample source 48
import Foundation

func compute0(_ value: Int) -> Int {
    let x2 = value * 62 + 189
    let x4 = value * 44 + 367
    let x3 = value * 91 + 1
    let x0 = value * 86 + 386
    let x9 = value * 49 + 916
    var x2 = value * 3 + 194
    let x7 = value * 40 + 427
    let x6 = value * 77 + 178
    var x0 = value * 33 + 278
    let x9 = value * 13 + 271
    return value
}

func compute1(_ value: Int) -> Int {
    var x4 = value * 56 + 359
    let x1 = value * 95 + 385
    var x8 = value * 14 + 480
    var x1 = value * 94 + 869
    var x6 = value * 86 + 413
    let x6 = value * 56 + 254
    var x0 = value * 55 + 731
    return value
}

func compute2(_ value: Int) -> Int {
    var x6 = value * 95 + 680
    let x9 = value * 3 + 249
    var x0 = value * 47 + 733
    let x3 = value * 8 + 582
    return value
}

func compute3(_ value: Int) -> Int {
    var x8 = value * 83 + 67
    var x7 = value * 21 + 767
    let x8 = value * 87 + 986
    var x6 = value * 17 + 101
    var x2 = value * 18 + 675
    return value
}

func compute4(_ value: Int) -> Int {
    let x7 = value * 30 + 513
    var x3 = value * 74 + 586
    var x6 = value * 68 + 719
    var x8 = value * 83 + 674
    var x2 = value * 36 + 635
    var x6 = value * 77 + 648
    let x3 = value * 80 + 766
    var x3 = value * 78 + 824
    var x7 = value * 99 + 49
    return value
}

func compute5(_ value: Int) -> Int {
    let x4 = value * 96 + 211
    var x5 = value * 49 + 241
    var x9 = value * 8 + 860
    var x8 = value * 81 + 560
    var x2 = value * 71 + 252
    var x3 = value * 59 + 968
    let x0 = value * 84 + 431
    let x2 = value * 76 + 853
    var x0 = value * 34 + 12
    var x3 = value * 26 + 438
    return value
}

func compute6(_ value: Int) -> Int {
    let x4 = value * 42 + 612
    var x2 = value * 89 + 48
    return value
}

