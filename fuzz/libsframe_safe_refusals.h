/* SPDX-License-Identifier: MIT */
/* libsframe_safe_refusals.h - the inputs of the replay (corpus/, the
 * conformance cases) on which fuzz_diff_libsframe_safe lets the drop-in
 * refuse a call the stock libsframe 2.47 answers: one row per input,
 * SFV_REFUSAL(fuzz_hash of its bytes, reason), the path as a comment.
 * Each reason is one of:
 *  - overread-fre: stock reads an FRE past its copy of the FRE sub-section
 *    (ASan build of stock: heap-buffer-overflow in sframe_decode_fre);
 *  - overread-fre-start: stock reads the next FRE's start address past its
 *    copy of the FRE sub-section (ASan build of stock: heap-buffer-overflow
 *    in sframe_decode_fre_start_address);
 *  - abort-foreign: foreign-endian section: stock decodes, then aborts
 *    (assertion in sframe_decoder_get_fre); the drop-in refuses its byte swap
 *    at sframe_decode;
 *  - dump-fretype: open (src/fmt dump check): an FDE without FREs whose FRE
 *    type is 3 or more; stock never reads an FRE of it and dumps the section;
 *  - dump-stale: open (src/fmt dump): stock prints a stale row for an FRE its
 *    sframe_decoder_get_fre refuses (data-word size code 3, or more data
 *    words than it allows);
 *  - dump-frelen0: open (src/fmt dump check): FRE sub-section offset past the
 *    buffer with fre_len 0; stock copies nothing and dumps the section;
 * overread-*: shown by replaying the input against stock libsframe built
 * from its own source with -fsanitize=address (the plain library reads
 * heap memory past its copy there without crashing, so its answer depends
 * on the heap); open: a deviation of the drop-in still to fix, where it
 * must answer as stock does.  Nothing else may differ. */
#define SFC_R_OVERREAD_FRE "overread-fre"
#define SFC_R_OVERREAD_FRE_START "overread-fre-start"
#define SFC_R_ABORT_FOREIGN "abort-foreign"
#define SFC_R_DUMP_FRETYPE "dump-fretype"
#define SFC_R_DUMP_STALE "dump-stale"
#define SFC_R_DUMP_FRELEN0 "dump-frelen0"

SFV_REFUSAL(0xddecd607c9a18494ull, SFC_R_ABORT_FOREIGN) /* corpus/diff_libsframe/e7f7d4462d01c9bc32b20c6f6d864034f9388311 */
SFV_REFUSAL(0xdfd9519091a2ecc1ull, SFC_R_ABORT_FOREIGN) /* corpus/validate/7bb44165a5a05b7df478e8ad399ada3fbe5c39c3 */
SFV_REFUSAL(0xb94ac1f08ad38f59ull, SFC_R_ABORT_FOREIGN) /* corpus/validate/9a487a850fc6787dcc01a4677248192d33eef37d */
SFV_REFUSAL(0xa1000dcf466ec86dull, SFC_R_DUMP_FRELEN0) /* corpus/diff_libsframe/2a3d25aa0971ef8e0c2132af33d08b4329784b7c */
SFV_REFUSAL(0xe02b7e575601d138ull, SFC_R_DUMP_FRELEN0) /* corpus/lookup/e9eb95c67961ddc18048127c71bfc6b98b92ecf2 */
SFV_REFUSAL(0x30922511a8ee9e58ull, SFC_R_DUMP_FRELEN0) /* corpus/regression/diff-libsframe-accepts-auxhdr-bounds-no-fdes.sframe */
SFV_REFUSAL(0xb4428a73491d2785ull, SFC_R_DUMP_FRELEN0) /* corpus/validate/6cadaffc02596a7ab547088001124245eef9d169 */
SFV_REFUSAL(0x4e21f5fe72dfef07ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/11383bc6aa4cbe5ea1b10dddc5ec8a26e336122e */
SFV_REFUSAL(0x5683eb4f5d53473aull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/3316b23bd80b871d5d04c1a2d7eb3846b66dd37a */
SFV_REFUSAL(0x1a6e4166a4f36e90ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/49def312ba5e972063a65422a2ffa6767440c9bc */
SFV_REFUSAL(0x091d63ec3f69efaeull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/6cb28dc2e9c72e7f9ce42d782a19ab5acd9b347e */
SFV_REFUSAL(0xc835f10e01306057ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/a80f6941b5820074b68e85d4922baf18b6431196 */
SFV_REFUSAL(0xeff86eac9c23ef15ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/b0c510b912859feb590f3a74ef9c4ae729d40bb7 */
SFV_REFUSAL(0x922f9fd42f073bffull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/b84532ba3033ce9319e8a6bba05a9b84b687fb86 */
SFV_REFUSAL(0x2087a656e7780c21ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/ba60c00b2563f1ead0813b27ac54dabf54337acf */
SFV_REFUSAL(0xd1a909e407530264ull, SFC_R_DUMP_FRETYPE) /* corpus/cli_file/dcb1803e1244bee144db767f5f717b32005a1295 */
SFV_REFUSAL(0xed3b7fbbac0e3e4aull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/1388ce43e934589e7ff1f6cfc80179d082dcc08d */
SFV_REFUSAL(0x2a0b654efb2744b5ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/23183356b25c5a79cd243c1a19b898ab0345a698 */
SFV_REFUSAL(0xf88f6c043c7435a6ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/4ed21d254aef1ab183d5ca6e6d295758ce3f0f25 */
SFV_REFUSAL(0x610d8581807dd612ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/557c5a6e101b0ab0c3ff245ff3bd9c8f24eb1f63 */
SFV_REFUSAL(0xf483cd7618ade27dull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/58d11fe786cf31e1671a9098fb3c76a3197175e1 */
SFV_REFUSAL(0xb2637931ef546bdfull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/60737a71cd6bacf55be2d57d65798dbcf9fcd9d7 */
SFV_REFUSAL(0xf4c5750d98292aceull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/716160ab366b549316d301545b812fbbace40759 */
SFV_REFUSAL(0x97cb6b35b5906306ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/716342b09a9dc6dbe437e21d23105fbb3793a3a8 */
SFV_REFUSAL(0xa06b5fff623b8383ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/74ac234785c15bbe6b89df1bf570238a22ec5e43 */
SFV_REFUSAL(0x037b50214e2071e9ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/7d601cf9fb6d9ebb65149c8e2e41292bb7180296 */
SFV_REFUSAL(0x4396a1d84bf806d5ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/7eeb1d7ac89ec15f791b40f6df0450f6eff8dc44 */
SFV_REFUSAL(0x10c062351a73e798ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/8971e394e899c4b0391a354dc10895352ac32f18 */
SFV_REFUSAL(0xd770aa68d3090ed8ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/96a83dd5c7c88e6308e532e6af864b1c32707399 */
SFV_REFUSAL(0x2f9fe4b03bc6ae18ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/9d275f6af06a02388b24abff19f8b9c75f03accd */
SFV_REFUSAL(0xf139bed506a16824ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/ae055d6d472e61f1b29f9e0842a43ad6bcab6093 */
SFV_REFUSAL(0xb9833871717ca0d8ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/bf4286472fee47616deb2bb8b768bebd2e967490 */
SFV_REFUSAL(0xc08f07828ebe2791ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/c5ef991b9315d70e36c5aaf72854e94981c543f2 */
SFV_REFUSAL(0x2a3b1d6f0a0266d1ull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/cf241679ccae0d0699515834c45b0ef2d70fc674 */
SFV_REFUSAL(0x555268a0fee21beeull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/d00f199dcaca11ff77cc362c3d3ada82022453d3 */
SFV_REFUSAL(0xb2e52ebaed5a4f6cull, SFC_R_DUMP_FRETYPE) /* corpus/diff_libsframe/fc337283cb81d634bd773e7630693d1707f20613 */
SFV_REFUSAL(0x1d61089e5803f255ull, SFC_R_DUMP_FRETYPE) /* corpus/dump/7981e98b8c99298128d742029bdaff25b112a91d */
SFV_REFUSAL(0x07fcf280a9301749ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/0008550ceab17fbde69ff98bd1ac9eaf6dc03717 */
SFV_REFUSAL(0xb84a752e157d4228ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/155b750d6a4ff26391a768896fd730c2d149cbfe */
SFV_REFUSAL(0x10f3ed9cd9d5634bull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/170e4343de2769bfca24750d2a6b3e9935b72692 */
SFV_REFUSAL(0x0b9fc488dbc41499ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/1bedea913fc6164075f7876a04628d5633ef2437 */
SFV_REFUSAL(0xb5dbc65427942052ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/310da0aae6d98b1ac2f82eb217186425c93e8587 */
SFV_REFUSAL(0xa2590324c9f6fe3full, SFC_R_DUMP_FRETYPE) /* corpus/lookup/312031754dccfe1eb79ce004dda4036234a25f40 */
SFV_REFUSAL(0x9eb9ab25b23f5860ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/39028601066e2468861e34a206bab849c9da5d57 */
SFV_REFUSAL(0x00c875dde6f571faull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/3aa4c15afd78ac94c4a3bfab55201709c3816359 */
SFV_REFUSAL(0xe25e67d32d9f7159ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/3af2b8b31d1c6007209ba042b127f92c41be3cdf */
SFV_REFUSAL(0xec086ec3673b353bull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/44a94c156447cf01731ae086de5ac9818e499573 */
SFV_REFUSAL(0xff14392aa95b50b9ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/4923e992d8ee4a80f71f39807878c5ad7632c3c0 */
SFV_REFUSAL(0x1978026772773950ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/4ba7f2965ef5a968a058bad24acc9f9d28da5eee */
SFV_REFUSAL(0xe3d0bc91aaba6315ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/4e50c1d75aacca0cb8dc24002334ddff6819fdbc */
SFV_REFUSAL(0xd3b187f06bd8c04aull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/572a1b0810b5cc5a68a2efd87103a6519aa4bdb9 */
SFV_REFUSAL(0x4b18d9f124fd68a3ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/59e290094dae1b391754a9c5d0e8a4a54e920e1b */
SFV_REFUSAL(0xd4fbb8b959ba8dfeull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/5cbdd8e1c80eba40ea6eadc247ee1b113de74fd7 */
SFV_REFUSAL(0xd5ac1baf7fb06a5eull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/63b4b8d76d85123cde10b3828d4457664d9cd57e */
SFV_REFUSAL(0x6be9acec7c05a012ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/7ce24cd6cde4902f961bc0936a7f3e948c6e839a */
SFV_REFUSAL(0xbf74fb0105f1ebe6ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/822a70bbf365c9d3c5e57d4bc44019f3a0eac393 */
SFV_REFUSAL(0x65e234fcd9df01d1ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/843c6864fe634012c67331fe589053dde8a20c63 */
SFV_REFUSAL(0x4551a7a30608bfd8ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/8f2be5367ea3d855be12812244f7af9ea849a5d7 */
SFV_REFUSAL(0x204da663a7153f5aull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/926a29aa0a93eb696e6dc694e0da3b064f753027 */
SFV_REFUSAL(0x9829c903b1817ed8ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/a075b5e3800177f8374a26a426cb38e736a5a38c */
SFV_REFUSAL(0x7e22b6ccc4f51eddull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/b3c3476265fa000aedab6f7f9011c9d7e723acf7 */
SFV_REFUSAL(0xc7152b0bf6bf8637ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/b780390676655acbde97dc6a322495f1c8d66dbd */
SFV_REFUSAL(0x030c9ac6b7aba8d6ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/ba4658f0e7351280002c841a1a638f971be0e73b */
SFV_REFUSAL(0xd941e59d6c79a1d3ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/baf36f06af84c7d59d13ab62e359a179f03d4d9a */
SFV_REFUSAL(0x687a769f892cfc98ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/bb18df4773871d15be46578369497eb1598c5e40 */
SFV_REFUSAL(0x18da64c2c742d0afull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/c063a114c4892c5e61c87d76f1b0088c1e90321b */
SFV_REFUSAL(0x70aa37f5efd57b98ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/c297073c57daf47de683edfc087f9181f1ee75bc */
SFV_REFUSAL(0x362fafe82e165da6ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/c3dce8d8b8ce4e5fd19f3b225ecf38e5f08c812e */
SFV_REFUSAL(0xa129a8e2001498abull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/d039abe2ee6800f86a4b8ec0e4c2d9336c147a54 */
SFV_REFUSAL(0x04684e3480b60a29ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/d2caa7a755d674a9eeeead7c69aac57a0ba12b19 */
SFV_REFUSAL(0x7e92005a6af8c0f6ull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/d67067290f28ecb71575279efb400ca11c8fdf9e */
SFV_REFUSAL(0x5afc3970730ab13full, SFC_R_DUMP_FRETYPE) /* corpus/lookup/e7f3e348c91417fe0c1c1574dbc090fba772af1a */
SFV_REFUSAL(0xb75ee7d347ceda9aull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/f068b0bb2e20fecf1578ec39ccd614a360b3374c */
SFV_REFUSAL(0xc8ac77662e077b9cull, SFC_R_DUMP_FRETYPE) /* corpus/lookup/f5aaea05f2dfa13afba875713a8330bad1fc5e52 */
SFV_REFUSAL(0x616accd56008f536ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/00740b4c2b1cd87ef402d9d9e73f0e7fa8f1ccdd */
SFV_REFUSAL(0xb156fbab143d6204ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/0a04879503464985b687415e5ff5955da8e7b91b */
SFV_REFUSAL(0xe591d4bd38ad2fa5ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/0d4d0e41912a312e75043d41c7a5fdf0ac4335bb */
SFV_REFUSAL(0xdb787cc7e1e8755full, SFC_R_DUMP_FRETYPE) /* corpus/validate/0dc1fa0debe2caabec8b1e44cdd4e6245052c4da */
SFV_REFUSAL(0xeca51ea2d624ddfcull, SFC_R_DUMP_FRETYPE) /* corpus/validate/15b907f6f2e9946d58b9062815d6cabf28e8e3c2 */
SFV_REFUSAL(0xd7d4c4cf4c8d8b0full, SFC_R_DUMP_FRETYPE) /* corpus/validate/20a50d664ee98431d98851879a6dc3ab60e0b4b0 */
SFV_REFUSAL(0xda25b9a41ac2b07dull, SFC_R_DUMP_FRETYPE) /* corpus/validate/26d8b6fb140e09955b5f0971797b8aec5ac58af9 */
SFV_REFUSAL(0x58afa7a85db7c7adull, SFC_R_DUMP_FRETYPE) /* corpus/validate/42528d5d34272c86603ab275772d27c0f0f0f98f */
SFV_REFUSAL(0x65a5cb37daf10199ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/4aedb3788e0d3b9c6a40c4c93e22cf0fe11799e6 */
SFV_REFUSAL(0x264e3df8d8d8ba91ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/4c56822af696064659b00476b7af62e5c47aece4 */
SFV_REFUSAL(0x6087b48976eb9997ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/50cbd14c8270314fb93c32b8bd18822f1dcfd827 */
SFV_REFUSAL(0xec9a45357b733ef0ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/52fb89780487374438c04d4934fc3d14897b33a8 */
SFV_REFUSAL(0x8fda182cd08bd7a0ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/594a245e9b43e9869205ec1c9fc695635bfb5fb8 */
SFV_REFUSAL(0xabf554002b887515ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/59c2aec1891ea3362efb11707c2e61e3b3468dd7 */
SFV_REFUSAL(0x2c62e58cc15b30aeull, SFC_R_DUMP_FRETYPE) /* corpus/validate/5bce5cc4eccc61767c68aa664e119d836e210541 */
SFV_REFUSAL(0xfb053e069721301eull, SFC_R_DUMP_FRETYPE) /* corpus/validate/5bceb86f9fef038e4138afad961118d3798c0290 */
SFV_REFUSAL(0xe7b13b0bb1495c46ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/6b4a826d50ae635b8f30de6e5050803fa9dc7474 */
SFV_REFUSAL(0xfb9f2be55ab48419ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/72a052db70311caa213cdc00389dadb12b0d159e */
SFV_REFUSAL(0xe892ee0d6b092f46ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/7439a3f07c4980f016eb6ecddb287fa0da77b688 */
SFV_REFUSAL(0x7bfe1ae94fff9dcfull, SFC_R_DUMP_FRETYPE) /* corpus/validate/7548c88073c1af5ce284fe77f5229c2a3a267a5c */
SFV_REFUSAL(0xeeb47faed30d0105ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/7553a1e4b54202d9b682a1320adc49b854ee3fb5 */
SFV_REFUSAL(0xe5461167a77c817dull, SFC_R_DUMP_FRETYPE) /* corpus/validate/77839eade97460453d0b7d58b9c7adcfc90740b3 */
SFV_REFUSAL(0x4f08ddb712554714ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/77d0051f2fa6df35536565446938b5927087216f */
SFV_REFUSAL(0xf1c05da742549ef1ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/7aab03d2ed3643733443482338f238ce075ecd2b */
SFV_REFUSAL(0x024748595ae3fab6ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/7fbf3d8213e39528da662840187be79d23d423da */
SFV_REFUSAL(0xb5fbd7d3965699efull, SFC_R_DUMP_FRETYPE) /* corpus/validate/8480c84e74eccf3033cbdf42d5e9ff434a785af5 */
SFV_REFUSAL(0xcdc649beee2afa1cull, SFC_R_DUMP_FRETYPE) /* corpus/validate/902ddc25126cfc058a227e038b488e2cb66b0e2a */
SFV_REFUSAL(0x0eed9a8bf4f8de5full, SFC_R_DUMP_FRETYPE) /* corpus/validate/91d48921b093ec512cebd7509e6c3b37c2adbfae */
SFV_REFUSAL(0x02f352d263a1e665ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/9213a58615b92245f84abab595a831d862cdbb9d */
SFV_REFUSAL(0xf1031c190c60e49aull, SFC_R_DUMP_FRETYPE) /* corpus/validate/aba17d08f427b9d99398070970a9669e46d5231a */
SFV_REFUSAL(0xd052aba0c822384aull, SFC_R_DUMP_FRETYPE) /* corpus/validate/b2e37fe88ea1ccaea60fa9022135879afac1ab54 */
SFV_REFUSAL(0x9e9293549dcd4591ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/b4aeab2cc65dba221a77e32242dd244fd7fa2f3b */
SFV_REFUSAL(0xe9e441429e2b98fbull, SFC_R_DUMP_FRETYPE) /* corpus/validate/b65cdb2ae8a561142391ad1f43de87f140e37e31 */
SFV_REFUSAL(0x72bf65ab66cc6ff1ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/b8c5ac54cc5f8f94b38d00008cb7719552668deb */
SFV_REFUSAL(0xa29c42a9df87c903ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/cc279933dce97e00672def2d7b115706e61b384f */
SFV_REFUSAL(0xa1bdee398ce8bc41ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/d28caaba249f3166fd1cb46ee3a0e526b64e0ca8 */
SFV_REFUSAL(0xcc97f62cad77a750ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/d8934b84f64823d7f46e45f052ef2a7e1565a05c */
SFV_REFUSAL(0xc8b7f488ee04cc25ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/db7522080c402e859d52e35312ddbeb083862116 */
SFV_REFUSAL(0x6007b4dd3603ec7cull, SFC_R_DUMP_FRETYPE) /* corpus/validate/e086103ccfcdee38f102cee0f43c180f77a5c52e */
SFV_REFUSAL(0x2e48fb7febd664b4ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/e34663cd457e000d00003b0a31cb2624e2ef8b3e */
SFV_REFUSAL(0x3b3954b100e7126bull, SFC_R_DUMP_FRETYPE) /* corpus/validate/e4068446aa427470de7700f83d1938b0c2d13e95 */
SFV_REFUSAL(0xd76a6918cd132233ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/e613c7bc410812f1201f9a19ef8a245e02170fb2 */
SFV_REFUSAL(0x0865275692af7db1ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/ecdea208c6a8a795510e71c480aedfd785a8c390 */
SFV_REFUSAL(0xb59bd36abde8cfa0ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/ee1bc5e6b708f7c631e89b06879a04a225f78112 */
SFV_REFUSAL(0xca39ea7e5903a595ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/f3e3c1a22e871704b32467b56dd42176fbd12cc3 */
SFV_REFUSAL(0x920005a9f9f0b835ull, SFC_R_DUMP_FRETYPE) /* corpus/validate/fb18775e3bd99442c5040506b19a1ec631e0d0c1 */
SFV_REFUSAL(0xd49e1d9588105eaeull, SFC_R_DUMP_FRETYPE) /* corpus/validate/fe275c80a81e244a05d03db159622620f300396b */
SFV_REFUSAL(0x18eefe8b2927e859ull, SFC_R_DUMP_STALE) /* conformance/cases/invalid-flex-count-7.sframe */
SFV_REFUSAL(0xa80c8d42e6b1c744ull, SFC_R_DUMP_STALE) /* conformance/cases/invalid-fre-dataword-size-3.sframe */
SFV_REFUSAL(0x097382a15fdb775bull, SFC_R_DUMP_STALE) /* conformance/cases/invalid-kernel-fre-dataword-size-3-v3.sframe */
SFV_REFUSAL(0x864d3ab3bc7ce7b8ull, SFC_R_DUMP_STALE) /* corpus/cli_file/133bc6f1a745921f0a1589aff8afbf771c79550d */
SFV_REFUSAL(0x34cb5dc54e9ecc5cull, SFC_R_DUMP_STALE) /* corpus/cli_file/371f0806bfe4acbce9d1ef3a720071b441fd19f0 */
SFV_REFUSAL(0xa22bd98b9a91c5edull, SFC_R_DUMP_STALE) /* corpus/cli_file/591d6fbb42375e50099915f942551b66756957c5 */
SFV_REFUSAL(0x148ca56368725787ull, SFC_R_DUMP_STALE) /* corpus/cli_file/7dd2b3f3e0dadc3363e18a9a36476f8fabe6e64c */
SFV_REFUSAL(0xb4c871efad71aca4ull, SFC_R_DUMP_STALE) /* corpus/cli_file/9ca6ce880fd36a75314d0060ecbb6613e4183317 */
SFV_REFUSAL(0x9c7ab98dcc64ec43ull, SFC_R_DUMP_STALE) /* corpus/cli_file/c13404eb85d40df6ebcb3888983f58a93259e598 */
SFV_REFUSAL(0x2179d8422c5deef9ull, SFC_R_DUMP_STALE) /* corpus/cli_file/ff2b29b04c1373056bf16f8256a289c1577b09c5 */
SFV_REFUSAL(0xfd11136c2eeadfcdull, SFC_R_DUMP_STALE) /* corpus/diff_libsframe/75060532f16205880309ab3bce55fc466bb92cf7 */
SFV_REFUSAL(0xf79cd6f528eccb3cull, SFC_R_DUMP_STALE) /* corpus/diff_libsframe/955b90df0bff727967636e8001b4ec2d6b4fb263 */
SFV_REFUSAL(0xd571f3ee9ad8890bull, SFC_R_DUMP_STALE) /* corpus/diff_libsframe/a37b1b29dcd0b0e2478f015c1517e07466f2b989 */
SFV_REFUSAL(0x0a518f352ab665fdull, SFC_R_DUMP_STALE) /* corpus/diff_libsframe/bbe80f8c700a6dbbc355eabef58c39ff2bb85573 */
SFV_REFUSAL(0x859d4fa5194f71c4ull, SFC_R_DUMP_STALE) /* corpus/lookup/12f00ef3fd866c3fa26e06aab0ca10075fc92a6f */
SFV_REFUSAL(0xd560a94f78470ffbull, SFC_R_DUMP_STALE) /* corpus/lookup/29252519d60846b69c4157f93c71c4b2961da135 */
SFV_REFUSAL(0xe2dff12945b9770eull, SFC_R_DUMP_STALE) /* corpus/lookup/495bc84cfc4cdf738fc9e20ab7970a8b882a5a1a */
SFV_REFUSAL(0xe48713b4358ca89full, SFC_R_DUMP_STALE) /* corpus/lookup/ae74ab662fb6cca68e1654cf2e6963fb79817408 */
SFV_REFUSAL(0x2bf7a00bb477dc15ull, SFC_R_DUMP_STALE) /* corpus/lookup/f336c1245cfeaa64fea95dce08b9d511cf0c744e */
SFV_REFUSAL(0xc1507b95fabb1777ull, SFC_R_DUMP_STALE) /* corpus/lookup/f33e066918303459c77d7b5a63d55f26a2a28f4c */
SFV_REFUSAL(0x4c59b8a2f3ed6d7full, SFC_R_DUMP_STALE) /* corpus/validate/839b7fb4443b86a3dd0193adc3bc7cd08cc572dc */
SFV_REFUSAL(0x474c64c05b2eb4a4ull, SFC_R_DUMP_STALE) /* corpus/validate/9e4649c432344e284932565eb6dd1d88f7455fc2 */
SFV_REFUSAL(0xb136976e064caa4eull, SFC_R_DUMP_STALE) /* corpus/validate/b3857dec5acb1adfd3fb9c811749a400d85a0149 */
SFV_REFUSAL(0xcda3212d5bc29af5ull, SFC_R_OVERREAD_FRE) /* conformance/cases/invalid-fre-bounds-v2.sframe */
SFV_REFUSAL(0xb71805ecba863755ull, SFC_R_OVERREAD_FRE) /* conformance/cases/invalid-fre-bounds-v3.sframe */
SFV_REFUSAL(0x19cbfe87f9e9391eull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/498fc1e275871475cedd7dabc6c35931f4725d5e */
SFV_REFUSAL(0x0c675405706a6fb4ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/76e09e823420497397d99d6eecead04ac3b409d3 */
SFV_REFUSAL(0x52cf05490a88b057ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/8516d0f7c8ec80558bdd4a19447aa2f01736cb6f */
SFV_REFUSAL(0x80f8b0da18eece34ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/99bedb30fc069f9bb3dfe4fc95f393a7f9b53e1e */
SFV_REFUSAL(0x441dce0e1e73d875ull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/cc901ed9d80366785f3b8cba44b99deabcf6303b */
SFV_REFUSAL(0xd365b34e69924fbcull, SFC_R_OVERREAD_FRE) /* corpus/cli_file/d0a1f3c8a690a270c29c220eef698b057e464ffa */
SFV_REFUSAL(0xe9ffa6cf34e747c3ull, SFC_R_OVERREAD_FRE) /* corpus/diff_libsframe/0dc40db2fe52a54f751fbe0ac01a7168217d5b07 */
SFV_REFUSAL(0x68db51b2978a4e25ull, SFC_R_OVERREAD_FRE) /* corpus/diff_libsframe/451092e6ee72f9098c8ecf4ad045a196dfa5ffc3 */
SFV_REFUSAL(0xc274f2548aca0626ull, SFC_R_OVERREAD_FRE) /* corpus/lookup/dc58ce767072b9988aa087ae7fa395cfcb39fbdf */
SFV_REFUSAL(0x647c89aff36ece93ull, SFC_R_OVERREAD_FRE) /* corpus/lookup/f3cff2b1da7ad1c489027267c6dc0d6a3a34f265 */
SFV_REFUSAL(0xfa57b08b02a0fc2bull, SFC_R_OVERREAD_FRE) /* corpus/validate/05c6720ffeb420d7093048016407b4df72d03ad2 */
SFV_REFUSAL(0x35b54fefaeeaa562ull, SFC_R_OVERREAD_FRE) /* corpus/validate/14d0feaa141117743f7c34c2401e0d06853ae8d2 */
SFV_REFUSAL(0x956769d4e1bf071bull, SFC_R_OVERREAD_FRE) /* corpus/validate/253bc34a67345163c439c467b05a2e0721d9c040 */
SFV_REFUSAL(0x728694895146cf5eull, SFC_R_OVERREAD_FRE) /* corpus/validate/a2f3f7df82051b45c36daeaf2f76f4560b273199 */
SFV_REFUSAL(0x830e57630d9062c9ull, SFC_R_OVERREAD_FRE) /* corpus/validate/a495eeec4dd43d3c6adeb44fca778319fa77683c */
SFV_REFUSAL(0x2622cc440ed151afull, SFC_R_OVERREAD_FRE) /* corpus/validate/ae2afdf32545dc4d01d24af6cf3b617311fc670d */
SFV_REFUSAL(0x0b0cdfce28de60abull, SFC_R_OVERREAD_FRE_START) /* conformance/cases/invalid-fde-fre-block-bounds-v2.sframe */
SFV_REFUSAL(0x178225059c22154full, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/30afe38a30648f3144af793d27de2116fa38586d */
SFV_REFUSAL(0x2e41df2151e3e80eull, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/6232f90a4f5243264aa665f1297f6fac18838548 */
SFV_REFUSAL(0x92811293d59e907full, SFC_R_OVERREAD_FRE_START) /* corpus/cli_file/e0038caf1ed1d12fd0f47ee5d1b03a7001e6a220 */
SFV_REFUSAL(0x5891ac249f88b510ull, SFC_R_OVERREAD_FRE_START) /* corpus/diff_libsframe/a37001c22b1b156c336298ee1aa8cd3eb55d3f93 */
SFV_REFUSAL(0xb242ab7b768a4b15ull, SFC_R_OVERREAD_FRE_START) /* corpus/diff_libsframe/f5a63aebcccbd9f842a3ac7ff8577153420ad12c */
SFV_REFUSAL(0x51a1ab06150c0f82ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/8ee1cedd2116279ee72114e41e94e4f14972a602 */
SFV_REFUSAL(0x38a4884386a83089ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/b2fec248c853e1876a2666c26a23bede32167617 */
SFV_REFUSAL(0x401b26c376d03829ull, SFC_R_OVERREAD_FRE_START) /* corpus/lookup/c1c640fd91be640773385d40a0902550e6e608a7 */
SFV_REFUSAL(0xb25a2bd80e6eea81ull, SFC_R_OVERREAD_FRE_START) /* corpus/validate/2dec0062ed15d585c5a524067af8a362ef62338d */
SFV_REFUSAL(0xb5f7da5e721e057dull, SFC_R_OVERREAD_FRE_START) /* corpus/validate/80c5ccbafb09cb2c8de3caefa6efb0535a430d2c */
#undef SFC_R_OVERREAD_FRE
#undef SFC_R_OVERREAD_FRE_START
#undef SFC_R_ABORT_FOREIGN
#undef SFC_R_DUMP_FRETYPE
#undef SFC_R_DUMP_STALE
#undef SFC_R_DUMP_FRELEN0
