// Generated sample source 44
import Foundation

func compute0(_ value: Int) -> Int {
    let x5 = value * 29 + 561
    var x1 = value * 74 + 38
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 6 + 662
    let x6 = value * 2 + 336
    let x3 = value * 97 + 919
    var x4 = value * 27 + 667
    return value
}

func compute2(_ value: Int) -> Int {
    let x3 = value * 14 + 835
    let x6 = value * 2 + 118
    var x5 = value * 6 + 630
    var x1 = value * 63 + 363
    let x2 = value * 62 + 957
    return value
}

