// Generated sample source 41
import Foundation

func compute0(_ value: Int) -> Int {
    let x0 = value * 49 + 362
    let x4 = value * 86 + 480
    var x3 = value * 47 + 198
    var x7 = value * 38 + 46
    let x2 = value * 26 + 206
    return value
}

func compute1(_ value: Int) -> Int {
    var x0 = value * 7 + 344
    let x9 = value * 76 + 701
    let x1 = value * 36 + 103
    let x6 = value * 57 + 327
    var x7 = value * 39 + 136
    var x6 = value * 62 + 474
    var x9 = value * 94 + 372
    let x3 = value * 75 + 281
    let x2 = value * 33 + 95
    let x2 = value * 40 + 175
    return value
}

func compute2(_ value: Int) -> Int {
    let x8 = value * 79 + 553
    let x7 = value * 60 + 978
    var x5 = value * 35 + 519
    var x5 = value * 10 + 479
    var x9 = value * 9 + 996
    let x5 = value * 38 + 920
    let x9 = value * 33 + 486
    let x3 = value * 34 + 188
    let x7 = value * 57 + 283
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 7 + 150
    var x3 = value * 79 + 170
    var x7 = value * 28 + 585
    let x0 = value * 98 + 551
    var x9 = value * 65 + 994
    let x6 = value * 44 + 967
    var x7 = value * 16 + 888
    let x8 = value * 34 + 489
    var x6 = value * 25 + 181
    return value
}

func compute4(_ value: Int) -> Int {
    var x1 = value * 20 + 583
    var x2 = value * 82 + 816
    let x4 = value * 59 + 777
    let x0 = value * 8 + 651
    var x2 = value * 91 + 167
    var x1 = value * 99 + 535
    var x1 = value * 47 + 535
    let x6 = value * 39 + 139
    return value
}

func compute5(_ value: Int) -> Int {
    let x2 = value * 4 + 41
    var x7 = value * 86 + 901
    var x1 = value * 45 + 711
    let x5 = value * 54 + 665
    var x0 = value * 37 + 66
    let x0 = value * 72 + 186
    let x9 = value * 49 + 600
    var x0 = value * 66 + 745
    var x1 = value * 4 + 144
    return value
}

func compute6(_ value: Int) -> Int {
    let x6 = value * 22 + 752
    var x3 = value * 99 + 178
    var x0 = value * 24 + 383
    var x3 = value * 92 + 639
    let x5 = value * 17 + 237
    let x0 = value * 93 + 833
    let x9 = value * 94 + 715
    var x9 = value * 12 + 1
    return value
}

func compute7(_ value: Int) -> Int {
    let x4 = value * 44 + 470
    var x0 = value * 54 + 61
    var x9 = value * 79 + 361
    var x0 = value * 92 + 734
    var x2 = value * 67 + 374
    let x1 = value * 45 + 978
    var x8 = value * 28 + 382
    var x9 = value * 51 + 906
    let x2 = value * 83 + 246
    var x4 = value * 17 + 970
    let x5 = value * 42 + 480
    return value
}

func compute8(_ value: Int) -> Int {
    var x1 = value * 19 + 742
    let x9 = value * 39 + 424
    let x8 = value * 7 + 584
    return value
}

func compute9(_ value: Int) -> Int {
    let x3 = value * 85 + 420
    let x2 = value * 92 + 76
    let x5 = value * 74 + 394
    var x2 = value * 76 + 699
    var x3 = value * 57 + 29
    let x6 = value * 97 + 167
    let x6 = value * 42 + 875
    let x0 = value * 58 + 568
    let x6 = value * 72 + 70
    var x0 = value * 67 + 954
    let x5 = value * 51 + 977
    var x5 = value * 42 + 32
    return value
}

func compute10(_ value: Int) -> Int {
    var x6 = value * 87 + 453
    let x8 = value * 11 + 646
    var x1 = value * 87 + 734
    let x2 = value * 11 + 699
    var x7 = value * 4 + 596
    var x1 = value * 80 + 562
    let x5 = value * 22 + 279
    var x9 = value * 85 + 492
    return value
}

func compute11(_ value: Int) -> Int {
    var x0 = value * 7 + 378
    let x7 = value * 71 + 536
    var x7 = value * 90 + 947
    let x7 = value * 40 + 941
    var x8 = value * 29 + 322
    let x9 = value * 44 + 545
    let x9 = value * 99 + 249
    var x0 = value * 71 + 824
    var x2 = value * 93 + 137
    var x3 = value * 85 + 550
    let x3 = value * 12 + 96
    var x4 = value * 86 + 450
    return value
}

func compute12(_ value: Int) -> Int {
    var x8 = value * 25 + 449
    let x2 = value * 29 + 790
    var x7 = value * 62 + 598
    var x0 = value * 48 + 981
    var x6 = value * 47 + 176
    var x2 = value * 53 + 659
    let x6 = value * 2 + 175
    let x7 = value * 39 + 173
    return value
}

