// Generated sample source 30
import Foundation

func compute0(_ value: Int) -> Int {
    let x7 = value * 2 + 57
    let x6 = value * 28 + 459
    let x8 = value * 60 + 344
    var x9 = value * 30 + 259
    let x0 = value * 83 + 776
    let x4 = value * 15 + 166
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 42 + 400
    var x9 = value * 32 + 505
    var x6 = value * 51 + 990
    var x5 = value * 44 + 875
    let x5 = value * 94 + 870
    var x5 = value * 3 + 121
    let x3 = value * 14 + 178
    var x5 = value * 88 + 803
    var x1 = value * 31 + 100
    let x9 = value * 53 + 557
    return value
}

func compute2(_ value: Int) -> Int {
    let x8 = value * 52 + 953
    var x8 = value * 21 + 745
    var x6 = value * 94 + 648
    var x2 = value * 43 + 41
    let x5 = value * 87 + 309
    var x8 = value * 50 + 736
    return value
}

