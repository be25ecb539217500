// Generated sample source 53
import Foundation

func compute0(_ value: Int) -> Int {
    let x5 = value * 64 + 577
    let x9 = value * 21 + 323
    let x0 = value * 63 + 630
    let x8 = value * 28 + 864
    let x0 = value * 68 + 343
    return value
}

func compute1(_ value: Int) -> Int {
    var x7 = value * 1 + 256
    var x2 = value * 19 + 216
    var x0 = value * 76 + 685
    let x6 = value * 1 + 182
    let x1 = value * 73 + 994
    var x9 = value * 14 + 378
    let x1 = value * 80 + 438
    var x8 = value * 51 + 991
    return value
}

func compute2(_ value: Int) -> Int {
    let x6 = value * 13 + 21
    let x0 = value * 10 + 589
    var x4 = value * 63 + 754
    var x9 = value * 47 + 240
    return value
}

func compute3(_ value: Int) -> Int {
    var x0 = value * 69 + 966
    let x5 = value * 68 + 352
    var x0 = value * 71 + 349
    let x4 = value * 52 + 806
    let x6 = value * 55 + 780
    var x8 = value * 81 + 885
    var x5 = value * 74 + 655
    var x2 = value * 37 + 217
    var x4 = value * 62 + 181
    var x9 = value * 56 + 533
    return value
}

func compute4(_ value: Int) -> Int {
    var x0 = value * 91 + 418
    let x2 = value * 59 + 382
    var x5 = value * 49 + 633
    let x0 = value * 48 + 348
    var x2 = value * 59 + 859
    let x3 = value * 30 + 19
    var x9 = value * 84 + 817
    var x1 = value * 88 + 665
    return value
}

func compute5(_ value: Int) -> Int {
    var x8 = value * 26 + 657
    var x3 = value * 73 + 578
    let x5 = value * 41 + 71
    return value
}

func compute6(_ value: Int) -> Int {
    let x2 = value * 43 + 212
    let x2 = value * 27 + 383
    let x7 = value * 28 + 423
    let x4 = value * 72 + 98
    let x5 = value * 51 + 562
    var x4 = value * 36 + 366
    let x9 = value * 32 + 252
    return value
}

func compute7(_ value: Int) -> Int {
    let x7 = value * 69 + 938
    let x0 = value * 59 + 316
    var x6 = value * 25 + 624
    let x5 = value * 14 + 819
    var x6 = value * 97 + 78
    let x6 = value * 34 + 149
    var x2 = value * 13 + 487
    return value
}

func compute8(_ value: Int) -> Int {
    var x0 = value * 41 + 330
    let x0 = value * 38 + 71
    var x1 = value * 49 + 882
    var x5 = value * 97 + 34
    var x9 = value * 73 + 273
    var x3 = value * 96 + 575
    var x5 = value * 33 + 677
    var x0 = value * 61 + 394
    var x5 = value * 46 + 393
    var x2 = value * 20 + 93
    let x1 = value * 32 + 724
    var x9 = value * 66 + 147
    return value
}

func compute9(_ value: Int) -> Int {
    var x4 = value * 10 + 246
    var x0 = value * 23 + 296
    var x1 = value * 26 + 592
    return value
}

func compute10(_ value: Int) -> Int {
    var x7 = value * 52 + 110
    var x5 = value * 43 + 57
    let x2 = value * 82 + 528
    let x3 = value * 23 + 890
    var x7 = value * 24 + 330
    var x5 = value * 14 + 520
    return value
}

func compute11(_ value: Int) -> Int {
    let x0 = value * 88 + 152
    var x0 = value * 18 + 711
    var x2 = value * 50 + 626
    let x4 = value * 38 + 56
    let x2 = value * 86 + 598
    let x2 = value * 86 + 23
    return value
}

func compute12(_ value: Int) -> Int {
    var x9 = value * 5 + 638
    let x3 = value * 5 + 658
    let x9 = value * 81 + 465
    var x2 = value * 92 + 683
    var x9 = value * 11 + 758
    var x8 = value * 48 + 569
    var x4 = value * 83 + 555
    let x4 = value * 58 + 612
    var x8 = value * 14 + 907
    var x0 = value * 71 + 927
    return value
}

func compute13(_ value: Int) -> Int {
    var x5 = value * 23 + 332
    let x3 = value * 97 + 12
    let x3 = value * 82 + 587
    let x4 = value * 55 + 924
    let x0 = value * 6 + 775
    var x8 = value * 19 + 634
    return value
}

func compute14(_ value: Int) -> Int {
    let x6 = value * 41 + 419
    var x6 = value * 54 + 652
    var x8 = value * 14 + 494
    let x0 = value * 49 + 483
    var x2 = value * 50 + 349
    return value
}

func compute15(_ value: Int) -> Int {
    var x6 = value * 52 + 639
    var x4 = value * 19 + 912
    let x8 = value * 89 + 677
    var x1 = value * 1 + 240
    let x0 = value * 1 + 326
    var x2 = value * 10 + 542
    var x4 = value * 52 + 650
    var x6 = value * 96 + 308
    let x3 = value * 63 + 621
    var x0 = value * 31 + 225
    return value
}

func compute16(_ value: Int) -> Int {
    let x9 = value * 32 + 709
    let x1 = value * 51 + 928
    var x7 = value * 54 + 238
    var x3 = value * 52 + 544
    var x0 = value * 58 + 548
    return value
}

func compute17(_ value: Int) -> Int {
    var x6 = value * 56 + 176
    let x2 = value * 21 + 785
    var x3 = value * 81 + 588
    let x0 = value * 50 + 59
    var x9 = value * 71 + 527
    let x5 = value * 24 + 646
    var x5 = value * 19 + 894
    let x0 = value * 14 + 525
    let x7 = value * 8 + 478
    let x5 = value * 97 + 630
    var x1 = value * 29 + 102
    return value
}

func compute18(_ value: Int) -> Int {
    var x1 = value * 92 + 409
    let x0 = value * 20 + 800
    var x4 = value * 50 + 824
    var x3 = value * 29 + 403
    var x3 = value * 64 + 298
    var x9 = value * 1 + 900
    var x0 = value * 38 + 62
    return value
}

func compute19(_ value: Int) -> Int {
    let x5 = value * 65 + 576
    var x2 = value * 44 + 200
    let x3 = value * 47 + 772
    let x9 = value * 86 + 883
    var x6 = value * 31 + 501
    var x4 = value * 97 + 970
    var x6 = value * 76 + 639
    let x4 = value * 40 + 809
    let x5 = value * 35 + 633
    var x6 = value * 47 + 640
    return value
}

