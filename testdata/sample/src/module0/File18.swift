// Generated sample source 18
import Foundation

func compute0(_ value: Int) -> Int {
    let x5 = value * 25 + 501
    let x3 = value * 20 + 102
    let x8 = value * 13 + 929
    let x2 = value * 15 + 49
    return value
}

func compute1(_ value: Int) -> Int {
    var x6 = value * 86 + 638
    var x4 = value * 26 + 852
    var x4 = value * 37 + 157
    var x2 = value * 22 + 63
    var x0 = value * 75 + 241
    let x2 = value * 19 + 835
    let x1 = value * 11 + 973
    return value
}

func compute2(_ value: Int) -> Int {
    var x0 = value * 90 + 594
    let x7 = value * 33 + 597
    let x0 = value * 29 + 424
    let x5 = value * 62 + 489
    var x4 = value * 39 + 742
    return value
}

func compute3(_ value: Int) -> Int {
    let x2 = value * 36 + 199
    var x0 = value * 28 + 341
    var x7 = value * 42 + 135
    let x1 = value * 5 + 182
    let x0 = value * 70 + 240
    var x1 = value * 73 + 676
    let x7 = value * 62 + 314
    let x9 = value * 26 + 373
    let x6 = value * 33 + 664
    var x0 = value * 4 + 323
    var x2 = value * 68 + 527
    var x9 = value * 5 + 30
    return value
}

