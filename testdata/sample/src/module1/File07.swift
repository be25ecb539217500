// Generated sample source 7
import Foundation

func compute0(_ value: Int) -> Int {
    var x0 = value * 64 + 7
    let x8 = value * 32 + 573
    var x8 = value * 78 + 331
    let x0 = value * 78 + 509
    let x9 = value * 4 + 777
    var x1 = value * 8 + 407
    var x5 = value * 25 + 740
    var x2 = value * 27 + 524
    var x8 = value * 17 + 216
    return value
}

func compute1(_ value: Int) -> Int {
    var x8 = value * 21 + 919
    var x7 = value * 60 + 1
    let x3 = value * 97 + 775
    var x6 = value * 26 + 750
    var x8 = value * 60 + 923
    var x5 = value * 63 + 376
    var x1 = value * 96 + 170
    let x3 = value * 75 + 240
    let x5 = value * 32 + 138
    let x2 = value * 68 + 211
    let x0 = value * 9 + 592
    return value
}

func compute2(_ value: Int) -> Int {
    var x0 = value * 18 + 102
    var x8 = value * 76 + 530
    let x9 = value * 30 + 816
    let x6 = value * 8 + 480
    let x2 = value * 26 + 315
    return value
}

