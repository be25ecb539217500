// Generated sample source 14
import Foundation

func compute0(_ value: Int) -> Int {
    let x2 = value * 7 + 85
    var x7 = value * 56 + 727
    var x1 = value * 29 + 426
    var x0 = value * 38 + 934
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 26 + 459
    let x1 = value * 74 + 278
    let x4 = value * 20 + 165
    let x4 = value * 68 + 60
    var x9 = value * 6 + 706
    return value
}

func compute2(_ value: Int) -> Int {
    var x6 = value * 38 + 603
    let x3 = value * 2 + 895
    var x9 = value * 37 + 207
    let x5 = value * 99 + 569
    var x4 = value * 47 + 12
    return value
}

func compute3(_ value: Int) -> Int {
    let x2 = value * 55 + 791
    var x3 = value * 23 + 17
    let x8 = value * 97 + 131
    return value
}

func compute4(_ value: Int) -> Int {
    let x1 = value * 48 + 64
    let x1 = value * 69 + 294
    let x2 = value * 42 + 979
    let x7 = value * 85 + 45
    var x0 = value * 76 + 540
    let x6 = value * 14 + 332
    var x5 = value * 85 + 275
    var x9 = value * 19 + 444
    let x7 = value * 9 + 877
    let x1 = value * 68 + 353
    var x6 = value * 33 + 134
    var x7 = value * 70 + 23
    return value
}

func compute5(_ value: Int) -> Int {
    var x6 = value * 71 + 599
    var x1 = value * 31 + 559
    var x1 = value * 25 + 141
    let x9 = value * 32 + 452
    let x9 = value * 82 + 837
    var x7 = value * 64 + 636
    let x4 = value * 32 + 780
    return value
}

