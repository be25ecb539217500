// Generated sample source 10
import Foundation

func compute0(_ value: Int) -> Int {
    let x9 = value * 54 + 538
    let x2 = value * 59 + 457
    let x5 = value * 49 + 575
    let x6 = value * 98 + 443
    var x9 = value * 40 + 577
    var x9 = value * 29 + 645
    let x2 = value * 12 + 7
    var x8 = value * 80 + 538
    let x0 = value * 45 + 317
    var x9 = value * 13 + 921
    return value
}

func compute1(_ value: Int) -> Int {
    let x9 = value * 42 + 489
    let x0 = value * 84 + 69
    var x4 = value * 75 + 964
    var x9 = value * 94 + 921
    let x7 = value * 64 + 242
    let x4 = value * 46 + 315
    let x1 = value * 18 + 16
    var x4 = value * 99 + 322
    var x6 = value * 50 + 243
    var x1 = value * 83 + 734
    let x3 = value * 31 + 326
    var x5 = value * 36 + 704
    return value
}

func compute2(_ value: Int) -> Int {
    let x1 = value * 81 + 309
    let x6 = value * 15 + 218
    let x6 = value * 9 + 534
    var x1 = value * 82 + 917
    let x6 = value * 16 + 111
    var x0 = value * 7 + 426
    var x4 = value * 86 + 829
    var x4 = value * 18 + 354
    let x8 = value * 26 + 822
    let x9 = value * 86 + 505
    return value
}

func compute3(_ value: Int) -> Int {
    let x3 = value * 39 + 82
    let x4 = value * 86 + 378
    var x3 = value * 30 + 780
    var x5 = value * 53 + 646
    var x1 = value * 99 + 420
    return value
}

func compute4(_ value: Int) -> Int {
    let x6 = value * 75 + 17
    var x7 = value * 50 + 820
    return value
}

func compute5(_ value: Int) -> Int {
    let x5 = value * 68 + 551
    var x3 = value * 22 + 640
    let x3 = value * 6 + 795
    var x2 = value * 29 + 475
    let x3 = value * 96 + 821
    let x3 = value * 25 + 525
    return value
}

