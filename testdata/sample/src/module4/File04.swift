// Generated sample source 4
import Foundation

func compute0(_ value: Int) -> Int {
    let x6 = value * 72 + 811
    var x3 = value * 62 + 784
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 77 + 481
    var x6 = value * 40 + 376
    var x9 = value * 99 + 436
    var x0 = value * 22 + 613
    var x3 = value * 66 + 100
    let x4 = value * 67 + 607
    let x3 = value * 31 + 49
    var x9 = value * 56 + 67
    let x8 = value * 82 + 341
    var x0 = value * 12 + 450
    let x3 = value * 57 + 638
    return value
}

func compute2(_ value: Int) -> Int {
    var x3 = value * 70 + 971
    var x0 = value * 47 + 226
    let x4 = value * 82 + 453
    let x2 = value * 7 + 78
    let x0 = value * 92 + 92
    return value
}

func compute3(_ value: Int) -> Int {
    var x9 = value * 7 + 680
    let x2 = value * 15 + 338
    var x4 = value * 48 + 538
    return value
}

func compute4(_ value: Int) -> Int {
    var x8 = value * 94 + 829
    let x4 = value * 82 + 615
    var x7 = value * 67 + 432
    let x2 = value * 3 + 988
    var x7 = value * 21 + 679
    var x6 = value * 71 + 686
    var x7 = value * 33 + 585
    var x9 = value * 92 + 611
    var x8 = value * 92 + 298
    return value
}

func compute5(_ value: Int) -> Int {
    var x9 = value * 4 + 920
    let x7 = value * 46 + 825
    let x5 = value * 58 + 662
    let x2 = value * 72 + 900
    var x4 = value * 38 + 637
    let x2 = value * 35 + 440
    var x4 = value * 30 + 101
    let x7 = value * 63 + 129
    var x9 = value * 23 + 970
    return value
}

func compute6(_ value: Int) -> Int {
    let x7 = value * 45 + 85
    var x1 = value * 14 + 208
    var x8 = value * 27 + 125
    let x3 = value * 8 + 846
    var x4 = value * 44 + 39
    var x1 = value * 98 + 638
    var x6 = value * 40 + 264
    var x5 = value * 20 + 99
    let x2 = value * 65 + 99
    return value
}

func compute7(_ value: Int) -> Int {
    let x2 = value * 89 + 793
    var x4 = value * 81 + 724
    let x1 = value * 50 + 176
    var x3 = value * 78 + 39
    return value
}

func compute8(_ value: Int) -> Int {
    var x0 = value * 4 + 645
    let x0 = value * 37 + 68
    let x4 = value * 61 + 355
    let x5 = value * 47 + 637
    return value
}

func compute9(_ value: Int) -> Int {
    var x8 = value * 8 + 653
    var x8 = value * 12 + 50
    let x3 = value * 42 + 796
    return value
}

func compute10(_ value: Int) -> Int {
    var x2 = value * 33 + 392
    var x6 = value * 51 + 854
    let x7 = value * 71 + 90
    var x7 = value * 53 + 156
    let x9 = value * 43 + 988
    var x1 = value * 13 + 616
    var x4 = value * 14 + 54
    var x5 = value * 64 + 498
    let x1 = value * 51 + 398
    return value
}

func compute11(_ value: Int) -> Int {
    let x1 = value * 36 + 247
    let x9 = value * 86 + 319
    return value
}

func compute12(_ value: Int) -> Int {
    var x9 = value * 93 + 112
    let x1 = value * 34 + 539
    var x5 = value * 22 + 759
    var x3 = value * 31 + 560
    var x4 = value * 58 + 210
    let x4 = value * 47 + 894
    var x3 = value * 77 + 81
    var x6 = value * 3 + 354
    let x4 = value * 60 + 998
    let x7 = value * 53 + 172
    var x5 = value * 47 + 384
    return value
}

func compute13(_ value: Int) -> Int {
    let x7 = value * 31 + 431
    var x3 = value * 3 + 616
    var x5 = value * 66 + 27
    var x7 = value * 39 + 404
    let x4 = value * 2 + 740
    let x4 = value * 96 + 888
    let x0 = value * 43 + 574
    let x7 = value * 50 + 569
    return value
}

func compute14(_ value: Int) -> Int {
    let x3 = value * 58 + 352
    var x8 = value * 70 + 300
    let x6 = value * 34 + 687
    let x5 = value * 51 + 940
    let x1 = value * 85 + 821
    var x1 = value * 6 + 553
    let x1 = value * 59 + 750
    let x7 = value * 68 + 536
    let x4 = value * 47 + 933
    return value
}

func compute15(_ value: Int) -> Int {
    var x0 = value * 97 + 527
    var x8 = value * 61 + 918
    let x4 = value * 92 + 152
    let x3 = value * 25 + 761
    var x4 = value * 75 + 887
    let x7 = value * 96 + 382
    let x9 = value * 58 + 518
    var x2 = value * 76 + 429
    var x2 = value * 48 + 904
    var x0 = value * 50 + 997
    let x9 = value * 55 + 152
    return value
}

func compute16(_ value: Int) -> Int {
    var x0 = value * 10 + 133
    let x7 = value * 47 + 687
    var x5 = value * 84 + 913
    let x7 = value * 81 + 403
    let x2 = value * 49 + 308
    var x2 = value * 3 + 659
    return value
}

func compute17(_ value: Int) -> Int {
    let x5 = value * 93 + 445
    var x5 = value * 95 + 123
    let x0 = value * 60 + 392
    var x7 = value * 47 + 789
    return value
}

func compute18(_ value: Int) -> Int {
    var x0 = value * 43 + 988
    var x7 = value * 27 + 899
    let x1 = value * 33 + 178
    var x2 = value * 23 + 251
    return value
}

