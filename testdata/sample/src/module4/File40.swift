// Generated sample source 40
import Foundation

func compute0(_ value: Int) -> Int {
    let x2 = value * 74 + 859
    var x4 = value * 64 + 209
    let x7 = value * 85 + 899
    let x3 = value * 16 + 527
    var x7 = value * 39 + 93
    var x0 = value * 4 + 242
    let x9 = value * 58 + 44
    let x9 = value * 12 + 387
    let x1 = value * 2 + 120
    let x0 = value * 78 + 659
    return value
}

func compute1(_ value: Int) -> Int {
    let x3 = value * 97 + 693
    let x8 = value * 31 + 591
    var x3 = value * 8 + 530
    var x9 = value * 34 + 361
    var x3 = value * 79 + 285
    let x6 = value * 74 + 983
    var x5 = value * 69 + 585
    var x6 = value * 66 + 540
    let x3 = value * 31 + 792
    let x1 = value * 62 + 458
    let x4 = value * 10 + 522
    let x3 = value * 30 + 864
    return value
}

func compute2(_ value: Int) -> Int {
    let x3 = value * 33 + 417
    let x9 = value * 82 + 628
    let x6 = value * 80 + 422
    var x4 = value * 78 + 952
    var x6 = value * 94 + 617
    let x0 = value * 16 + 562
    let x3 = value * 34 + 899
    let x3 = value * 71 + 910
    var x2 = value * 40 + 979
    var x9 = value * 69 + 843
    var x0 = value * 57 + 274
    return value
}

func compute3(_ value: Int) -> Int {
    var x2 = value * 55 + 330
    let x2 = value * 66 + 184
    var x1 = value * 6 + 167
    return value
}

func compute4(_ value: Int) -> Int {
    var x3 = value * 38 + 386
    let x0 = value * 25 + 163
    return value
}

func compute5(_ value: Int) -> Int {
    var x0 = value * 4 + 808
    let x6 = value * 1 + 95
    var x4 = value * 50 + 678
    let x8 = value * 84 + 325
    return value
}

func compute6(_ value: Int) -> Int {
    let x6 = value * 62 + 691
    let x0 = value * 73 + 465
    let x1 = value * 72 + 450
    return value
}

func compute7(_ value: Int) -> Int {
    var x5 = value * 26 + 168
    let x9 = value * 44 + 269
    var x8 = value * 22 + 539
    let x4 = value * 99 + 306
    var x7 = value * 34 + 511
    var x2 = value * 20 + 818
    return value
}

func compute8(_ value: Int) -> Int {
    let x0 = value * 25 + 698
    var x5 = value * 17 + 950
    let x6 = value * 10 + 461
    let x8 = value * 66 + 391
    return value
}

