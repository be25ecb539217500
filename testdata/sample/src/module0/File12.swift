// Generated sample source 12
import Foundation

func compute0(_ value: Int) -> Int {
    let x1 = value * 17 + 534
    var x3 = value * 53 + 215
    var x6 = value * 45 + 109
    var x4 = value * 18 + 50
    var x8 = value * 6 + 463
    var x3 = value * 60 + 233
    let x4 = value * 43 + 889
    var x0 = value * 7 + 363
    var x0 = value * 55 + 159
    let x9 = value * 83 + 315
    let x3 = value * 95 + 236
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 27 + 458
    var x7 = value * 29 + 404
    let x2 = value * 8 + 954
    let x5 = value * 93 + 644
    let x7 = value * 17 + 528
    let x6 = value * 70 + 390
    var x0 = value * 69 + 214
    var x2 = value * 93 + 33
    let x9 = value * 31 + 689
    var x3 = value * 5 + 907
    var x9 = value * 31 + 307
    var x7 = value * 29 + 393
    return value
}

func compute2(_ value: Int) -> Int {
    let x4 = value * 71 + 990
    let x4 = value * 26 + 471
    var x2 = value * 92 + 633
    let x6 = value * 37 + 210
    let x3 = value * 56 + 327
    let x1 = value * 88 + 785
    let x2 = value * 70 + 566
    let x4 = value * 51 + 965
    return value
}

