// Generated sample source 33
import Foundation

func compute0(_ value: Int) -> Int {
    var x8 = value * 9 + 395
    var x7 = value * 5 + 264
    let x7 = value * 79 + 172
    let x5 = value * 99 + 47
    var x4 = value * 60 + 476
    return value
}

func compute1(_ value: Int) -> Int {
    var x4 = value * 52 + 358
    let x4 = value * 37 + 223
    return value
}

func compute2(_ value: Int) -> Int {
    let x5 = value * 67 + 950
    let x9 = value * 94 + 801
    var x1 = value * 79 + 716
    var x1 = value * 61 + 166
    let x5 = value * 12 + 742
    return value
}

func compute3(_ value: Int) -> Int {
    let x5 = value * 20 + 969
    let x0 = value * 54 + 884
    var x9 = value * 51 + 543
    let x8 = value * 26 + 263
    let x9 = value * 84 + 496
    var x7 = value * 56 + 852
    var x9 = value * 81 + 616
    var x9 = value * 27 + 156
    let x0 = value * 53 + 158
    let x7 = value * 90 + 619
    return value
}

func compute4(_ value: Int) -> Int {
    var x3 = value * 27 + 423
    var x4 = value * 56 + 78
    let x7 = value * 66 + 257
    var x2 = value * 23 + 729
    let x2 = value * 92 + 40
    var x4 = value * 75 + 475
    let x6 = value * 72 + 527
    var x1 = value * 91 + 242
    let x5 = value * 11 + 146
    return value
}

func compute5(_ value: Int) -> Int {
    let x4 = value * 18 + 868
    let x8 = value * 42 + 593
    var x1 = value * 38 + 807
    return value
}

func compute6(_ value: Int) -> Int {
    var x1 = value * 11 + 345
    let x4 = value * 36 + 432
    let x8 = value * 51 + 94
    var x6 = value * 65 + 29
    var x5 = value * 33 + 929
    let x8 = value * 9 + 675
    var x3 = value * 19 + 749
    var x6 = value * 83 + 308
    var x4 = value * 96 + 315
    var x9 = value * 72 + 788
    var x8 = value * 1 + 857
    var x3 = value * 32 + 810
    return value
}

