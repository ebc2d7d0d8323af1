/**
 * The modal's zh-CN texts (spec 2: modal languages en and zh-CN). zh-CN is not one of the app's 20
 * languages, so these stay inside the feature instead of web/public/locales (whose folders are exactly
 * the 20). Same keys as web/public/locales/en/wallet.json; a test checks that.
 */
export const ZH_CN_WALLET_TEXTS = {
  button: {
    connect: '连接钱包',
    account: '钱包 {{address}}',
    disconnect: '断开钱包',
    signingIn: '正在登录…',
  },
  modal: {
    title: '连接钱包',
    close: '关闭',
    back: '返回',
    wallets: '钱包',
    mobileWallets: '移动钱包',
    installed: '已安装',
    notInstalled: '未安装',
    introTitle: '什么是钱包？',
    introBody: '钱包保管您的以太坊账户。签署消息可以证明地址属于您；这不是交易，也不收取任何费用。',
    unableTitle: '无法连接钱包',
    unableBody: '当前网页环境中，Dapp 无法连接钱包。请使用电脑或移动钱包以获得完整功能',
    copyUrl: '复制链接',
    copied: '已复制',
    connecting: '正在请求连接',
    connectingHint: '请在 {{wallet}} 中接受请求。',
    success: '已连接',
    failed: '连接失败',
    cancelledTitle: '请求已取消',
    cancelledBody: '您取消了请求',
    pending: '钱包中已有待处理的请求。请打开钱包进行处理。',
    retry: '重试',
    refreshQr: '刷新二维码',
    scanTitle: '使用手机扫描',
    scanHint: '在手机上打开支持 WalletConnect 的钱包并扫描此二维码。',
    copyLink: '复制链接',
    qrAlt: '用于连接 {{wallet}} 的二维码',
    getWallet: '获取 {{wallet}}',
    installHint: '安装浏览器扩展，然后重新加载此页面。',
    downloadFor: '下载 {{browser}} 版',
    walletConnectTitle: '使用 WalletConnect 连接',
    showQr: '显示二维码',
    noConnector: '此钱包在这里没有浏览器扩展。请使用 WalletConnect 或安装它。',
    disclaimer: '连接钱包即表示您同意<terms>服务条款</terms>和<privacy>隐私政策</privacy>。',
    mobileHint: '点按钱包即可打开；它会请您连接。',
    safariFallback: '没有 Safari 版本：获取 Chrome 版',
    unableLoopback:
      '钱包应用会在其自带浏览器中打开此页面，而在那里 {{host}} 指的是手机本身。请通过电脑的网络地址（其在 Wi-Fi 中的 IP 地址或公网地址）打开本应用后重试。',
  },
  errors: {
    verification: '验证失败',
    loginFailed: '钱包登录失败：{{reason}}',
  },
} as const;
