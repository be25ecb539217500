// Generated sample source 20
import Foundation

func compute0(_ value: Int) -> Int {
    let x9 = value * 63 + 903
    let x6 = value * 42 + 481
    var x3 = value * 48 + 922
    var x1 = value * 23 + 963
    let x8 = value * 32 + 792
    let x4 = value * 83 + 488
    let x7 = value * 24 + 142
    var x0 = value * 70 + 866
    var x1 = value * 72 + 582
    return value
}

func compute1(_ value: Int) -> Int {
    let x3 = value * 70 + 810
    var x7 = value * 31 + 141
    var x8 = value * 67 + 352
    let x0 = value * 47 + 724
    let x8 = value * 29 + 32
    var x5 = value * 27 + 146
    let x4 = value * 64 + 980
    let x1 = value * 6 + 504
    var x7 = value * 22 + 723
    let x4 = value * 71 + 763
    let x1 = value * 28 + 371
    var x6 = value * 42 + 952
    return value
}

func compute2(_ value: Int) -> Int {
    var x4 = value * 47 + 441
    let x0 = value * 52 + 987
    let x5 = value * 89 + 311
    let x6 = value * 35 + 931
    var x3 = value * 6 + 755
    return value
}

