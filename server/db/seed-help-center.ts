/**
 * Help centre articles (MERCHANT_HELP_CENTER): the portal's own features explained as a help centre
 * does, in Vietnamese and English. Content, not demo data: keyed by slug and upserted, so seeding again
 * updates the articles in place and never duplicates them (same SQL on PGlite and PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import type { HelpCategory } from '@/domain/helpCenter';
import type { Db } from './client';
import { helpArticles } from './schema';
import type { DomainSeed, SeedTx } from './seed-types';

interface Article {
  slug: string;
  category: HelpCategory;
  vi: { title: string; summary: string; body: string };
  en: { title: string; summary: string; body: string };
}

const lines = (...paragraphs: string[]) => paragraphs.join('\n\n');
const steps = (...items: string[]) => items.map((s, i) => `${i + 1}. ${s}`).join('\n');

export const HELP_ARTICLES: readonly Article[] = [
  // ACCOUNT
  {
    slug: 'sign-in-password-otp',
    category: 'ACCOUNT',
    vi: {
      title: 'Đăng nhập bằng mật khẩu hoặc mã OTP',
      summary: 'Các cách đăng nhập cổng quản lý doanh nghiệp: tên đăng nhập và mật khẩu, mã OTP qua SMS, hoặc đăng nhập SSO bằng tài khoản ví.',
      body: lines(
        'Bạn có thể đăng nhập bằng tên đăng nhập và mật khẩu, bằng số điện thoại nhận mã OTP, hoặc bằng đăng nhập một lần (SSO) với tài khoản ví đã liên kết.',
        steps(
          'Mở trang đăng nhập của cổng quản lý.',
          'Chọn "Đăng nhập bằng mật khẩu" và nhập tên đăng nhập, mật khẩu; hoặc chọn đăng nhập bằng SMS và nhập số điện thoại.',
          'Nếu đăng nhập bằng SMS, nhập mã 6 chữ số vừa nhận. Mã có hiệu lực trong 5 phút.',
          'Nếu tài khoản bật bảo mật hai lớp, nhập thêm mã gửi tới số điện thoại hoặc email đã đăng ký.',
        ),
        'Mỗi số điện thoại chỉ nhận được một mã mỗi 60 giây và một số mã giới hạn mỗi giờ. Nếu không nhận được mã, hãy chờ một phút rồi bấm "Gửi lại mã".',
        'Phiên làm việc tự kết thúc sau 20 phút không thao tác. Hãy đăng xuất khi dùng máy tính chung.',
      ),
    },
    en: {
      title: 'Signing in with a password or a one-time code',
      summary: 'The ways to sign in to the merchant portal: username and password, a one-time code by SMS, or single sign-on with your wallet account.',
      body: lines(
        'You can sign in with your username and password, with your phone number and a one-time code (OTP), or with single sign-on (SSO) using a linked wallet account.',
        steps(
          'Open the portal sign-in page.',
          'Choose the password sign-in and enter your username and password, or choose SMS sign-in and enter your phone number.',
          'For SMS sign-in, type the 6-digit code you received. A code is valid for 5 minutes.',
          'If two-factor security is on for your account, also enter the code sent to your registered phone or e-mail.',
        ),
        'A phone number receives at most one code every 60 seconds and a limited number per hour. If no code arrives, wait a minute and choose "Resend code".',
        'A session ends after 20 minutes without activity. Sign out when you use a shared computer.',
      ),
    },
  },
  {
    slug: 'forgot-password-two-factor',
    category: 'ACCOUNT',
    vi: {
      title: 'Quên mật khẩu và bảo mật hai lớp',
      summary: 'Đặt lại mật khẩu bằng mã OTP và bật xác thực hai lớp để bảo vệ tài khoản.',
      body: lines(
        'Nếu quên mật khẩu, bạn có thể tự đặt lại bằng số điện thoại hoặc email đã đăng ký.',
        steps(
          'Trên trang đăng nhập, chọn "Quên mật khẩu".',
          'Nhập tên đăng nhập hoặc số điện thoại, rồi nhập mã OTP nhận được.',
          'Đặt mật khẩu mới: 8–16 ký tự, có chữ hoa, chữ thường, chữ số và ký tự đặc biệt.',
        ),
        'Để bật bảo mật hai lớp, mở "Thông tin tài khoản", chọn phần bảo mật và bật xác thực hai lớp. Từ lần sau, sau khi nhập mật khẩu bạn sẽ cần nhập thêm mã được gửi tới điện thoại hoặc email.',
        'Cổng quản lý không bao giờ hỏi mã OTP qua điện thoại hay tin nhắn. Không chia sẻ mã cho bất kỳ ai.',
      ),
    },
    en: {
      title: 'Forgotten password and two-factor security',
      summary: 'Reset your password with a one-time code and turn on two-factor security to protect your account.',
      body: lines(
        'If you forget your password, you can reset it yourself with your registered phone number or e-mail.',
        steps(
          'On the sign-in page, choose "Forgot password".',
          'Enter your username or phone number, then the one-time code you receive.',
          'Set a new password: 8–16 characters with upper and lower case letters, a digit and a special character.',
        ),
        'To turn on two-factor security, open "Account information", go to security and switch on two-factor sign-in. From then on, after your password you also enter a code sent to your phone or e-mail.',
        'The portal never asks for a one-time code by phone call or message. Never share a code with anyone.',
      ),
    },
  },
  {
    slug: 'choose-merchant',
    category: 'ACCOUNT',
    vi: {
      title: 'Chọn doanh nghiệp để làm việc',
      summary: 'Khi tài khoản thuộc nhiều doanh nghiệp, hãy chọn doanh nghiệp trước khi xem báo cáo hay quản lý cửa hàng.',
      body: lines(
        'Một tài khoản có thể là thành viên của nhiều doanh nghiệp, với vai trò khác nhau ở mỗi nơi. Mọi dữ liệu bạn thấy luôn thuộc doanh nghiệp đang chọn.',
        steps(
          'Sau khi đăng nhập, màn hình "Chọn doanh nghiệp" liệt kê các doanh nghiệp của bạn cùng trạng thái xác minh.',
          'Bấm vào doanh nghiệp muốn làm việc.',
          'Để đổi sang doanh nghiệp khác, mở menu tài khoản ở góc trên và chọn "Đổi doanh nghiệp".',
        ),
        'Menu bên trái chỉ hiện các chức năng mà vai trò của bạn tại doanh nghiệp đó được phép dùng. Nếu thiếu một chức năng, hãy nhờ chủ doanh nghiệp hoặc quản trị viên cấp thêm vai trò.',
        'Lời mời tham gia doanh nghiệp mới hiện ngay trên màn hình chọn doanh nghiệp: chấp nhận hoặc từ chối trước khi làm việc.',
      ),
    },
    en: {
      title: 'Choosing the merchant you work on',
      summary: 'When your account belongs to several merchants, choose one before you open reports or manage stores.',
      body: lines(
        'One account can be a member of several merchants, with different roles in each. Everything you see always belongs to the merchant you chose.',
        steps(
          'After signing in, the "Choose a merchant" screen lists your merchants and their verification state.',
          'Select the merchant you want to work on.',
          'To switch to another merchant, open the account menu at the top and choose "Switch merchant".',
        ),
        'The left menu only shows what your role at that merchant allows. If something is missing, ask the owner or an administrator for another role.',
        'Invitations to join a new merchant appear on the same screen: accept or decline them before you start.',
      ),
    },
  },
  {
    slug: 'notifications',
    category: 'ACCOUNT',
    vi: {
      title: 'Thông báo: chuông, đánh dấu đã đọc và nhận qua email, SMS',
      summary: 'Những sự kiện cổng quản lý báo cho bạn, cách đọc thông báo và chọn nhận thêm bản sao qua email hoặc SMS.',
      body: lines(
        'Biểu tượng chuông ở thanh trên cùng hiển thị số thông báo chưa đọc. Thông báo đến ngay khi sự việc xảy ra, không cần tải lại trang.',
        'Bạn nhận thông báo khi: khoản chuyển tiền thành công hoặc thất bại, trạng thái xác minh doanh nghiệp thay đổi, có lời mời tham gia doanh nghiệp, tệp xuất báo cáo đã sẵn sàng, yêu cầu hỗ trợ có phản hồi hoặc đổi trạng thái, kỳ đối soát sẵn sàng để xác nhận.',
        steps(
          'Bấm chuông để xem danh sách; bấm một thông báo để mở đúng màn hình liên quan.',
          'Chọn "Đánh dấu đã đọc tất cả" để xoá số chưa đọc.',
          'Trong phần cài đặt thông báo, chọn loại nào cũng gửi qua email hoặc SMS.',
        ),
      ),
    },
    en: {
      title: 'Notifications: the bell, marking read, e-mail and SMS copies',
      summary: 'What the portal tells you about, how to read notifications and how to also receive them by e-mail or SMS.',
      body: lines(
        'The bell in the top bar shows how many notifications you have not read. They arrive as soon as something happens, without reloading the page.',
        'You are notified when: a payout succeeds or fails, the merchant verification state changes, you are invited to a merchant, an export file is ready, a support ticket is answered or changes status, a settlement period is ready to confirm.',
        steps(
          'Select the bell to see the list; select a notification to open the screen it is about.',
          'Choose "Mark all as read" to clear the unread count.',
          'In the notification settings, choose which kinds also go by e-mail or SMS.',
        ),
      ),
    },
  },
  // MERCHANT
  {
    slug: 'kyb-documents',
    category: 'MERCHANT',
    vi: {
      title: 'Xác minh doanh nghiệp (KYB): hồ sơ cần nộp',
      summary: 'Các bước hoàn tất thông tin doanh nghiệp, tải giấy tờ và theo dõi trạng thái xác minh.',
      body: lines(
        'Trước khi nhận thanh toán, doanh nghiệp cần được xác minh (KYB). Trạng thái hiện trên màn hình "Thông tin doanh nghiệp": mới tạo, chờ bổ sung, chờ duyệt, đã duyệt, bị từ chối hoặc bị khoá.',
        steps(
          'Mở "Quản lý doanh nghiệp" → "Thông tin doanh nghiệp".',
          'Điền thông tin pháp lý: tên, mã số thuế, địa chỉ, người đại diện.',
          'Tải lên giấy phép đăng ký kinh doanh và giấy tờ tuỳ thân của người đại diện (ảnh JPG, PNG hoặc PDF).',
          'Bấm gửi duyệt. Chúng tôi xem xét trong vòng 2 ngày làm việc.',
        ),
        'Nếu hồ sơ ở trạng thái "Chờ bổ sung", đọc ghi chú của bộ phận xét duyệt, sửa đúng phần được yêu cầu rồi gửi lại. Bạn nhận thông báo mỗi khi trạng thái thay đổi.',
      ),
    },
    en: {
      title: 'Merchant verification (KYB): the documents to provide',
      summary: 'How to complete your business information, upload documents and follow the verification state.',
      body: lines(
        'Before accepting payments, a merchant must be verified (KYB). The state shows on the "Merchant information" screen: new, waiting for an update, waiting for approval, approved, rejected or locked.',
        steps(
          'Open "Merchant management" → "Merchant information".',
          'Fill in the legal details: name, tax code, address, legal representative.',
          "Upload the business registration certificate and the representative's identity document (JPG, PNG or PDF).",
          'Submit for review. We review within 2 working days.',
        ),
        'If the file is "Waiting for an update", read the reviewer\'s note, correct what it asks for and submit again. You are notified each time the state changes.',
      ),
    },
  },
  {
    slug: 'stores-and-qr',
    category: 'MERCHANT',
    vi: {
      title: 'Quản lý cửa hàng và mã QR thanh toán',
      summary: 'Thêm cửa hàng, tải mã QR tĩnh của từng cửa hàng và xuất danh sách cửa hàng.',
      body: lines(
        'Mỗi điểm bán là một cửa hàng có mã riêng. Giao dịch tại cửa hàng được ghi theo mã này, nên báo cáo có thể lọc theo cửa hàng.',
        steps(
          'Mở "Quản lý doanh nghiệp" → "Cửa hàng" và bấm "Thêm cửa hàng".',
          'Nhập tên, địa chỉ, số điện thoại liên hệ, rồi lưu.',
          'Trong danh sách, chọn cửa hàng và bấm tải mã QR để lấy ảnh PNG in tại quầy.',
          'Dùng chức năng tạo mã QR hàng loạt khi có nhiều cửa hàng chưa có mã.',
        ),
        'Bạn có thể xuất danh sách cửa hàng ra CSV hoặc XLSX. Người dùng vai trò cửa hàng chỉ thấy các cửa hàng được giao.',
      ),
    },
    en: {
      title: 'Managing stores and their payment QR codes',
      summary: "Add stores, download each store's static QR code and export the store list.",
      body: lines(
        'Each point of sale is a store with its own code. Payments at a store carry that code, so reports can be filtered by store.',
        steps(
          'Open "Merchant management" → "Stores" and choose "Add store".',
          'Enter the name, address and contact phone, then save.',
          'In the list, select the store and download its QR code as a PNG to print at the counter.',
          'Use bulk QR generation when many stores have no code yet.',
        ),
        'You can export the store list as CSV or XLSX. Users with a store role only see the stores assigned to them.',
      ),
    },
  },
  {
    slug: 'users-and-roles',
    category: 'MERCHANT',
    vi: {
      title: 'Mời người dùng và phân quyền theo vai trò',
      summary: 'Thêm nhân viên vào doanh nghiệp, chọn vai trò và giới hạn theo cửa hàng.',
      body: lines(
        'Mỗi người dùng có một hoặc nhiều vai trò. Vai trò quyết định các chức năng trong menu: ví dụ kế toán xem báo cáo và đối soát nhưng không quản lý người dùng; thu ngân chỉ thấy dữ liệu cửa hàng của mình.',
        steps(
          'Mở "Quản lý doanh nghiệp" → "Quản lý người dùng" và bấm "Mời người dùng".',
          'Nhập số điện thoại hoặc email của người được mời.',
          'Chọn vai trò. Với vai trò cửa hàng (chủ cửa hàng, kế toán cửa hàng, thu ngân), chọn thêm các cửa hàng được phép.',
          'Gửi lời mời. Người được mời chấp nhận khi đăng nhập.',
        ),
        'Để thu hồi quyền, mở người dùng và khoá hoặc xoá khỏi doanh nghiệp. Mọi thay đổi đều được ghi lại.',
      ),
    },
    en: {
      title: 'Inviting users and giving them roles',
      summary: 'Add staff to the merchant, choose their roles and limit them to stores.',
      body: lines(
        'Each user has one or more roles. Roles decide what the menu offers: an accountant sees reports and reconciliation but cannot manage users; a cashier sees only their own store.',
        steps(
          'Open "Merchant management" → "User management" and choose "Invite a user".',
          "Enter the invitee's phone number or e-mail.",
          'Choose the roles. For a store role (store owner, store accountant, cashier), also choose the stores they may see.',
          'Send the invitation. The invitee accepts it when they sign in.',
        ),
        'To take access away, open the user and lock them or remove them from the merchant. Every change is recorded.',
      ),
    },
  },
  {
    slug: 'econtracts',
    category: 'MERCHANT',
    vi: {
      title: 'Ký hợp đồng điện tử',
      summary: 'Xem và ký hợp đồng dịch vụ bằng mã OTP, tải bản đã ký.',
      body: lines(
        'Hợp đồng dịch vụ được ký điện tử ngay trên cổng quản lý, có giá trị như hợp đồng giấy.',
        steps(
          'Mở "Hợp đồng điện tử" và chọn hợp đồng đang chờ ký.',
          'Đọc toàn bộ nội dung trong khung xem tài liệu.',
          'Bấm "Ký hợp đồng"; nhập mã OTP gửi tới số điện thoại của người đại diện.',
          'Sau khi ký, tải bản PDF đã ký để lưu trữ.',
        ),
        'Chỉ chủ doanh nghiệp hoặc người có vai trò pháp lý mới ký được. Một số doanh nghiệp phải ký hợp đồng trước khi dùng các chức năng khác.',
      ),
    },
    en: {
      title: 'Signing an e-contract',
      summary: 'Read and sign a service contract with a one-time code, then download the signed copy.',
      body: lines(
        'Service contracts are signed electronically in the portal and are as binding as paper ones.',
        steps(
          'Open "E-contracts" and select the contract waiting for your signature.',
          'Read the whole document in the viewer.',
          "Choose \"Sign\" and enter the one-time code sent to the representative's phone.",
          'After signing, download the signed PDF for your records.',
        ),
        'Only the owner or a user with the legal role can sign. Some merchants must sign before they can use anything else.',
      ),
    },
  },
  {
    slug: 'services',
    category: 'MERCHANT',
    vi: {
      title: 'Đăng ký dịch vụ: khuyến mãi, mua trước trả sau',
      summary: 'Xem các dịch vụ doanh nghiệp đang dùng và đăng ký dịch vụ mới.',
      body: lines(
        'Màn hình "Dịch vụ" liệt kê các dịch vụ của ví dành cho doanh nghiệp cùng trạng thái đăng ký.',
        steps(
          'Mở "Quản lý doanh nghiệp" → "Dịch vụ".',
          'Chọn dịch vụ muốn dùng để xem điều kiện và biểu phí.',
          'Bấm đăng ký. Một số dịch vụ cần doanh nghiệp đã được xác minh hoặc đã ký hợp đồng.',
        ),
        'Khi dịch vụ Khuyến mãi được kích hoạt, bạn có thể tạo chương trình và quà tặng cho khách hàng.',
      ),
    },
    en: {
      title: 'Registering services: promotions, buy now pay later',
      summary: 'See the services your merchant uses and register new ones.',
      body: lines(
        'The "Services" screen lists the wallet services for merchants and your registration state for each.',
        steps(
          'Open "Merchant management" → "Services".',
          'Select a service to see its conditions and fees.',
          'Choose register. Some services need a verified merchant or a signed contract.',
        ),
        'Once the Promotions service is active, you can create campaigns and gifts for your customers.',
      ),
    },
  },
  // PAYMENTS
  {
    slug: 'payment-links',
    category: 'PAYMENTS',
    vi: {
      title: 'Tạo liên kết thanh toán',
      summary: 'Nhận tiền qua một đường dẫn gửi cho khách, không cần website hay ứng dụng riêng.',
      body: lines(
        'Liên kết thanh toán là một trang thanh toán có số tiền và nội dung cố định mà bạn gửi cho khách qua tin nhắn, email hoặc mạng xã hội.',
        steps(
          'Mở "Trung tâm thanh toán" → "Liên kết thanh toán" và bấm "Tạo liên kết".',
          'Nhập số tiền (đồng), nội dung thanh toán và thời hạn hiệu lực.',
          'Lưu, rồi sao chép đường dẫn hoặc mã QR để gửi cho khách.',
          'Theo dõi trạng thái: mỗi lần khách trả tiền hiện trong chi tiết liên kết và trong báo cáo giao dịch.',
        ),
        'Bạn có thể vô hiệu hoá một liên kết bất cứ lúc nào; liên kết hết hạn tự ngừng nhận tiền.',
      ),
    },
    en: {
      title: 'Creating a payment link',
      summary: 'Get paid through a link you send your customer, without a website or an app of your own.',
      body: lines(
        'A payment link is a payment page with a fixed amount and description that you send by message, e-mail or social media.',
        steps(
          'Open "Payment centre" → "Payment links" and choose "Create link".',
          'Enter the amount (VND), the description and how long it stays valid.',
          'Save, then copy the link or its QR code and send it to your customer.',
          "Follow it: each payment shows in the link's detail and in the transaction report.",
        ),
        'You can deactivate a link at any time; an expired link stops taking payments by itself.',
      ),
    },
  },
  {
    slug: 'payment-integration',
    category: 'PAYMENTS',
    vi: {
      title: 'Tích hợp thanh toán: khoá API và webhook',
      summary: 'Tạo khoá API, ký yêu cầu bằng HMAC-SHA256 và nhận webhook khi giao dịch thay đổi.',
      body: lines(
        'Lập trình viên dùng màn hình "Tích hợp thanh toán" để kết nối hệ thống bán hàng với ví.',
        steps(
          'Mở "Trung tâm thanh toán" → "Tích hợp thanh toán".',
          'Tạo khoá cho môi trường thử nghiệm hoặc chính thức. Khoá bí mật chỉ hiện một lần: lưu ngay vào nơi an toàn.',
          'Ký mỗi yêu cầu bằng HMAC-SHA256 theo ví dụ trên trang.',
          'Nhập địa chỉ webhook để nhận thông báo giao dịch; webhook được ký cùng cách và gửi lại trong 25 giờ nếu thất bại.',
        ),
        'Nhật ký gửi webhook cho biết từng lần gửi và kết quả; bạn có thể gửi lại một sự kiện.',
      ),
    },
    en: {
      title: 'Payment integration: API keys and webhooks',
      summary: 'Create API keys, sign requests with HMAC-SHA256 and receive webhooks when a payment changes.',
      body: lines(
        'Developers use the "Payment integration" screen to connect their sales system to the wallet.',
        steps(
          'Open "Payment centre" → "Payment integration".',
          'Create a key for the sandbox or production environment. The secret is shown once: store it safely right away.',
          'Sign every request with HMAC-SHA256 as the worked example on the page shows.',
          'Enter a webhook address to be told about payments; webhooks are signed the same way and retried for 25 hours when they fail.',
        ),
        'The delivery log shows every attempt and its result; you can resend an event.',
      ),
    },
  },
  {
    slug: 'disbursements',
    category: 'PAYMENTS',
    vi: {
      title: 'Chi hộ: tạo lệnh chi và phê duyệt',
      summary: 'Chi tiền cho nhiều người nhận từ số dư chi hộ, có người lập và người duyệt riêng.',
      body: lines(
        'Chi hộ cho phép doanh nghiệp chuyển tiền tới ví hoặc tài khoản ngân hàng của người nhận từ số dư chi hộ.',
        steps(
          'Mở "Trung tâm thanh toán" → "Trung tâm chi hộ" → "Quản lý chi hộ".',
          'Tạo một lệnh chi, hoặc tải tệp CSV/XLSX để tạo nhiều lệnh cùng lúc.',
          'Một người khác với người lập duyệt lệnh bằng mã OTP.',
          'Theo dõi kết quả trong báo cáo chi hộ.',
        ),
        'Số dư và sổ phụ chi hộ cho biết mọi khoản nạp và chi.',
      ),
    },
    en: {
      title: 'Disbursements: creating and approving orders',
      summary: 'Pay many recipients from your disbursement balance, with a maker and a separate approver.',
      body: lines(
        "Disbursements let a merchant send money to recipients' wallets or bank accounts from its disbursement balance.",
        steps(
          'Open "Payment centre" → "Disbursement centre" → "Disbursement management".',
          'Create one order, or upload a CSV/XLSX file to create many at once.',
          'Someone other than the maker approves with a one-time code.',
          'Follow the results in the disbursement report.',
        ),
        'The balance and the ledger show every top-up and payment.',
      ),
    },
  },
  // REPORTS
  {
    slug: 'transaction-report-export',
    category: 'REPORTS',
    vi: {
      title: 'Báo cáo giao dịch và xuất tệp',
      summary: 'Lọc giao dịch theo ngày, cửa hàng, trạng thái; xem tổng và xuất CSV, XLSX.',
      body: lines(
        'Báo cáo giao dịch liệt kê mọi giao dịch của doanh nghiệp với số tiền, phí, hoàn tiền và trạng thái. Các con số tổng dùng cùng một định nghĩa với trang tổng quan.',
        steps(
          'Mở "Trung tâm báo cáo" → "Báo cáo giao dịch".',
          'Chọn khoảng ngày (tối đa một năm mỗi lần), cửa hàng, trạng thái hoặc tìm theo mã giao dịch.',
          'Bấm "Xuất" và chọn CSV hoặc XLSX cùng các cột cần lấy.',
          'Tệp nhỏ tải về ngay; tệp lớn được xuất nền và bạn nhận thông báo khi xong.',
        ),
        'Bạn có thể lưu bộ lọc thành một chế độ xem để dùng lại.',
      ),
    },
    en: {
      title: 'The transaction report and exports',
      summary: 'Filter payments by date, store and status; see totals and export CSV or XLSX.',
      body: lines(
        "The transaction report lists all the merchant's payments with amount, fee, refunds and status. Its totals use the same definitions as the dashboard.",
        steps(
          'Open "Reports centre" → "Transaction report".',
          'Choose the dates (up to a year at a time), store and status, or search a transaction id.',
          'Choose "Export", pick CSV or XLSX and the columns you need.',
          'A small file downloads at once; a large one is exported in the background and you are notified when it is ready.',
        ),
        'You can save your filters as a view to use again.',
      ),
    },
  },
  {
    slug: 'report-centre-scheduled',
    category: 'REPORTS',
    vi: {
      title: 'Trung tâm báo cáo và báo cáo gửi định kỳ',
      summary: 'Tìm đúng báo cáo cần dùng và đặt lịch gửi báo cáo qua email.',
      body: lines(
        'Trung tâm báo cáo gom tất cả báo cáo mà vai trò của bạn được xem: giao dịch, thanh toán thẻ, chi hộ, giao dịch chưa thanh toán, chuyển tiền.',
        steps(
          'Mở "Trung tâm báo cáo" và chọn báo cáo.',
          'Để nhận báo cáo tự động, mở "Cài đặt báo cáo" và bấm tạo lịch gửi.',
          'Chọn loại báo cáo, tần suất (hằng ngày, hằng tuần, hằng tháng), định dạng tệp và email người nhận.',
        ),
        'Các tệp đã xuất được giữ lại trong danh sách tệp xuất để tải lại.',
      ),
    },
    en: {
      title: 'The reports centre and scheduled reports',
      summary: 'Find the report you need and have reports e-mailed on a schedule.',
      body: lines(
        'The reports centre gathers every report your role may see: transactions, card payments, disbursements, non-paid transactions, payouts.',
        steps(
          'Open "Reports centre" and choose a report.',
          'To receive a report automatically, open "Report settings" and create a schedule.',
          'Choose the report, how often (daily, weekly, monthly), the file format and the recipients\' e-mails.',
        ),
        'Past exports stay in the exports list so you can download them again.',
      ),
    },
  },
  {
    slug: 'payout-report',
    category: 'REPORTS',
    vi: {
      title: 'Báo cáo chuyển tiền: khi nào tiền về tài khoản',
      summary: 'Theo dõi từng khoản chuyển tiền về tài khoản ngân hàng, mã tham chiếu và kỳ đối soát tương ứng.',
      body: lines(
        'Mỗi kỳ đối soát được chuyển tiền về tài khoản nhận tiền theo chu kỳ của doanh nghiệp: ngay trong ngày (thời gian thực) hoặc ngày làm việc kế tiếp (T+1).',
        steps(
          'Mở "Đối soát và kiểm soát" → "Báo cáo chuyển tiền".',
          'Lọc theo ngày hoặc trạng thái: chờ chuyển, đã chuyển, thất bại.',
          'Mở một khoản để xem tài khoản nhận (đã che số), mã tham chiếu ngân hàng và kỳ đối soát của nó.',
        ),
        'Nếu một khoản chuyển thất bại, kiểm tra lại tài khoản nhận tiền trong thông tin doanh nghiệp rồi gửi yêu cầu hỗ trợ loại "Chi trả".',
      ),
    },
    en: {
      title: 'The payout report: when money reaches your account',
      summary: 'Follow each payout to your bank account, its bank reference and its settlement period.',
      body: lines(
        "Each settlement period is paid to the merchant's payout account on its payout schedule: the same day (real time) or the next working day (T+1).",
        steps(
          'Open "Reconciliation and control" → "Payout report".',
          'Filter by date or status: due, paid, failed.',
          'Open a payout to see the destination (masked), the bank reference and its settlement period.',
        ),
        'If a payout failed, check the payout account in your merchant information, then open a support ticket of category "Payout".',
      ),
    },
  },
  // RECONCILIATION
  {
    slug: 'period-control',
    category: 'RECONCILIATION',
    vi: {
      title: 'Kiểm soát theo kỳ: đối soát từng ngày thanh toán',
      summary: 'Mỗi kỳ đối soát là một ngày giao dịch: tổng tiền, hoàn tiền, phí, số thực nhận và khoản chuyển tiền.',
      body: lines(
        'Màn hình "Kiểm soát theo kỳ" liệt kê các kỳ đối soát, mỗi kỳ là một ngày (giờ Việt Nam). Số liệu của kỳ bằng đúng tổng các giao dịch thành công cùng ngày trong báo cáo giao dịch.',
        steps(
          'Mở "Đối soát và kiểm soát" → "Kiểm soát theo kỳ".',
          'Chọn khoảng ngày và trạng thái: chờ xác nhận, đã xác nhận, khiếu nại.',
          'Bấm vào ngày để xem chi tiết kỳ và danh sách giao dịch của ngày đó.',
        ),
        'Cột "Chuyển tiền" và "Mã tham chiếu" cho biết tiền của kỳ đã về tài khoản hay chưa.',
      ),
    },
    en: {
      title: 'Period control: reconciling each day of payments',
      summary: 'Each settlement period is one day of payments: gross, refunds, fees, net and its payout.',
      body: lines(
        'The "Period control" screen lists settlement periods, one per day (Vietnam time). A period\'s figures equal the sum of that day\'s successful payments in the transaction report.',
        steps(
          'Open "Reconciliation and control" → "Period control".',
          'Choose the dates and the status: to confirm, confirmed, disputed.',
          'Select a day to open the period and its transactions.',
        ),
        'The "Payout" and "Bank reference" columns tell you whether the period\'s money has reached your account.',
      ),
    },
  },
  {
    slug: 'confirm-dispute-period',
    category: 'RECONCILIATION',
    vi: {
      title: 'Xác nhận hoặc khiếu nại một kỳ đối soát',
      summary: 'Khi số liệu đúng, xác nhận kỳ để khoá lại; khi có sai lệch, khiếu nại để mở yêu cầu hỗ trợ.',
      body: lines(
        'Một kỳ sẵn sàng để xác nhận khi ngày giao dịch đã kết thúc. Bạn nhận thông báo khi kỳ sẵn sàng.',
        steps(
          'Mở kỳ cần đối soát và so sánh số liệu với sổ sách của doanh nghiệp.',
          'Nếu khớp, bấm "Xác nhận". Kỳ đã xác nhận bị khoá, không thay đổi được nữa; hệ thống ghi lại người xác nhận và thời điểm.',
          'Nếu không khớp, bấm "Khiếu nại" và ghi rõ lý do. Một yêu cầu hỗ trợ loại "Kỳ đối soát" được mở và liên kết với kỳ.',
        ),
        'Chỉ chủ doanh nghiệp, quản trị viên và kế toán doanh nghiệp được xác nhận hoặc khiếu nại. Mỗi kỳ chỉ xác nhận hoặc khiếu nại một lần.',
      ),
    },
    en: {
      title: 'Confirming or disputing a settlement period',
      summary: 'When the figures are right, confirm the period to lock it; when they differ, dispute it to open a support ticket.',
      body: lines(
        'A period is ready to confirm once its day is over. You are notified when a period is ready.',
        steps(
          "Open the period and compare its figures with your own books.",
          'If they match, choose "Confirm". A confirmed period is locked and can no longer change; who confirmed it and when is recorded.',
          'If they do not, choose "Dispute" and give the reason. A support ticket of category "Period" is opened and linked to the period.',
        ),
        'Only owners, administrators and merchant accountants may confirm or dispute. A period is confirmed or disputed once.',
      ),
    },
  },
  {
    slug: 'monthly-statement',
    category: 'RECONCILIATION',
    vi: {
      title: 'Kiểm soát theo tháng và bảng kê tháng',
      summary: 'Tải bảng kê tháng dạng PDF hoặc XLSX và ký xác nhận số liệu cả tháng.',
      body: lines(
        'Màn hình "Kiểm soát theo tháng" có một dòng cho mỗi tháng với cùng các số liệu như kỳ đối soát: tổng tiền, hoàn tiền, phí, thực nhận, đã chuyển.',
        steps(
          'Mở "Đối soát và kiểm soát" → "Kiểm soát theo tháng".',
          'Chọn tháng và tải bảng kê PDF (để lưu trữ, in ấn) hoặc XLSX (để đối chiếu trong bảng tính).',
          'Khi tháng đã kết thúc và số liệu khớp, chủ doanh nghiệp hoặc kế toán bấm "Ký xác nhận".',
        ),
        'Tháng đang diễn ra chưa thể ký xác nhận. Người ký và thời điểm ký hiện trên dòng của tháng.',
      ),
    },
    en: {
      title: 'Monthly control and the monthly statement',
      summary: "Download a month's statement as PDF or XLSX and sign the month off.",
      body: lines(
        'The "Monthly control" screen has one row per month with the same figures as the periods: gross, refunds, fees, net, paid out.',
        steps(
          'Open "Reconciliation and control" → "Monthly control".',
          'Choose a month and download the statement as PDF (to file or print) or XLSX (to check in a spreadsheet).',
          'Once the month is over and the figures agree, an owner or accountant chooses "Sign off".',
        ),
        'The month in progress cannot be signed off. Who signed and when shows on the month\'s row.',
      ),
    },
  },
  {
    slug: 'transaction-control-matching',
    category: 'RECONCILIATION',
    vi: {
      title: 'Kiểm soát giao dịch: đối chiếu tệp của doanh nghiệp',
      summary: 'Tải tệp giao dịch của doanh nghiệp lên để so với dữ liệu của ví: khớp, lệch số tiền, chỉ có ở một bên.',
      body: lines(
        'Kiểm soát giao dịch so từng dòng trong tệp của bạn với giao dịch thành công của ví theo mã giao dịch, hoặc mã đơn hàng khi không có mã giao dịch.',
        steps(
          'Mở "Đối soát và kiểm soát" → "Kiểm soát giao dịch" và tải tệp mẫu CSV/XLSX.',
          'Điền mỗi đơn hàng một dòng: mã giao dịch hoặc mã đơn hàng và số tiền (đồng, không có phần lẻ).',
          'Chọn khoảng ngày và tải tệp lên (tối đa 200.000 dòng).',
          'Xem kết quả theo nhóm: khớp, lệch số tiền, chỉ có trong tệp của bạn, chỉ có ở ví, dòng trùng. Mỗi nhóm lọc và xuất được.',
        ),
        'Từ một dòng lệch, bấm mở yêu cầu hỗ trợ: mã giao dịch được điền sẵn.',
      ),
    },
    en: {
      title: "Transaction control: matching your own file",
      summary: "Upload your record of orders to compare it with the wallet's data: matched, amount mismatch, only on one side.",
      body: lines(
        "Transaction control compares each row of your file with the wallet's successful payments by transaction id, or by order id when there is no transaction id.",
        steps(
          'Open "Reconciliation and control" → "Transaction control" and download the CSV/XLSX template.',
          'Fill one row per order: the transaction id or order id and the amount (VND, no fractions).',
          'Choose the dates and upload the file (up to 200,000 rows).',
          'Read the result by class: matched, amount mismatch, only in your file, only in the wallet\'s data, duplicates. Each class can be filtered and exported.',
        ),
        'From a mismatched row, open a support ticket: the transaction id is filled in for you.',
      ),
    },
  },
  {
    slug: 'tickets-sla',
    category: 'RECONCILIATION',
    vi: {
      title: 'Đối soát kế toán: gửi yêu cầu hỗ trợ và thời hạn xử lý',
      summary: 'Mở yêu cầu về giao dịch, chi trả, kỳ đối soát hoặc câu hỏi chung; theo dõi phản hồi và thời hạn cam kết (SLA).',
      body: lines(
        'Mọi trao đổi với bộ phận hỗ trợ về đối soát được ghi thành yêu cầu (ticket), có lịch sử bình luận và tệp đính kèm.',
        steps(
          'Mở "Đối soát và kiểm soát" → "Đối soát kế toán" và bấm tạo yêu cầu.',
          'Chọn loại: Giao dịch, Chi trả, Kỳ đối soát hoặc Câu hỏi chung; nhập tiêu đề và mô tả.',
          'Thêm mã giao dịch liên quan và đính kèm ảnh, PDF, CSV hoặc XLSX (tối đa 5 MB mỗi tệp).',
          'Theo dõi trạng thái: Mới, Đang xử lý, Chờ doanh nghiệp, Đã giải quyết, Đã đóng.',
        ),
        'Thời hạn phản hồi cam kết: Chi trả 8 giờ, Giao dịch 24 giờ, Kỳ đối soát 48 giờ, Câu hỏi chung 72 giờ. Khi yêu cầu đã giải quyết, bạn đóng và chấm điểm 1–5 sao; trong 7 ngày vẫn có thể mở lại.',
      ),
    },
    en: {
      title: 'Reconciliation accounting: support tickets and response times',
      summary: 'Open a ticket about a transaction, a payout, a period or a general question; follow the answers and the promised response time (SLA).',
      body: lines(
        'Every exchange with support about reconciliation is a ticket, with its thread of comments and attachments.',
        steps(
          'Open "Reconciliation and control" → "Reconciliation accounting" and create a ticket.',
          'Choose the category: Transaction, Payout, Period or General question; enter a subject and a description.',
          'Add the transaction ids concerned and attach images, PDF, CSV or XLSX files (5 MB each at most).',
          'Follow its status: Open, In progress, Waiting for you, Resolved, Closed.',
        ),
        'Promised response times: Payout 8 hours, Transaction 24 hours, Period 48 hours, General question 72 hours. Once resolved, you close it with a 1–5 star rating; you can still reopen it within 7 days.',
      ),
    },
  },
  {
    slug: 'refunds-and-fees',
    category: 'RECONCILIATION',
    vi: {
      title: 'Phí giao dịch, hoàn tiền và số tiền thực nhận',
      summary: 'Cách tính tổng tiền, phí, hoàn tiền và số tiền thực nhận trong mọi báo cáo.',
      body: lines(
        'Tổng tiền là tổng các giao dịch thành công (kể cả giao dịch đã hoàn một phần hoặc toàn bộ). Hoàn tiền là số đã trả lại khách. Phí là phí dịch vụ của ví. Thực nhận = tổng tiền − hoàn tiền − phí.',
        'Mọi số tiền là số nguyên đồng, không làm tròn. Trang tổng quan, báo cáo giao dịch, kỳ đối soát, bảng kê tháng và tệp xuất dùng cùng một cách tính, nên luôn khớp nhau.',
        'Người dùng vai trò cửa hàng chỉ thấy số liệu các cửa hàng của mình và không thấy phí.',
      ),
    },
    en: {
      title: 'Fees, refunds and the net amount',
      summary: 'How gross, fees, refunds and the net amount are worked out in every report.',
      body: lines(
        "Gross is the sum of successful payments (including those partly or fully refunded). Refunds are what went back to customers. Fees are the wallet's service fees. Net = gross − refunds − fees.",
        'Every amount is a whole number of đồng, never rounded. The dashboard, the transaction report, the periods, the monthly statement and exports all use the same definitions, so they always agree.',
        'Users with a store role see only their stores\' figures and no fees.',
      ),
    },
  },
  // BUSINESS_PAGES
  {
    slug: 'business-page-create',
    category: 'BUSINESS_PAGES',
    vi: {
      title: 'Tạo trang doanh nghiệp',
      summary: 'Giới thiệu doanh nghiệp với khách hàng trên ví: ảnh đại diện, ảnh bìa, cửa hàng, giờ mở cửa.',
      body: lines(
        'Trang doanh nghiệp là nơi khách hàng của ví tìm thấy, theo dõi, đánh giá và nhắn tin với doanh nghiệp.',
        steps(
          'Mở "Trang doanh nghiệp" → "Danh sách trang doanh nghiệp" và bấm "Tạo trang".',
          'Nhập tên trang, địa chỉ trang (không dấu), lĩnh vực và mô tả.',
          'Tải ảnh đại diện và ảnh bìa, gắn các cửa hàng và điền website, giờ mở cửa.',
          'Gửi duyệt. Trang hiển thị công khai sau khi được duyệt.',
        ),
        'Bạn có thể giao quyền biên tập trang cho nhân viên phụ trách tiếp thị.',
      ),
    },
    en: {
      title: 'Creating a business page',
      summary: 'Present your business to wallet customers: avatar, cover, stores, opening hours.',
      body: lines(
        'A business page is where wallet customers find, follow, review and message your business.',
        steps(
          'Open "Business pages" → "Business page list" and choose "Create page".',
          'Enter the page name, its address (without accents), its field and a description.',
          'Upload an avatar and a cover, attach stores and fill in the website and opening hours.',
          'Submit for review. The page is public once approved.',
        ),
        'You can give the editor role on the page to your marketing staff.',
      ),
    },
  },
  {
    slug: 'business-page-content',
    category: 'BUSINESS_PAGES',
    vi: {
      title: 'Đăng bài, lên lịch và trả lời bình luận',
      summary: 'Quản lý nội dung trang doanh nghiệp: bài viết, lịch đăng, bình luận và đánh giá của khách.',
      body: lines(
        'Trong "Quản lý nội dung", bạn soạn bài viết có ảnh, đăng ngay hoặc hẹn giờ đăng.',
        steps(
          'Mở trang doanh nghiệp và chọn "Quản lý nội dung".',
          'Bấm tạo bài viết, nhập nội dung và thêm ảnh.',
          'Chọn đăng ngay hoặc đặt thời điểm đăng (giờ Việt Nam).',
          'Theo dõi lượt thích, bình luận và đánh giá; trả lời hoặc ẩn bình luận không phù hợp.',
        ),
      ),
    },
    en: {
      title: 'Posting, scheduling and answering comments',
      summary: "Manage your business page's content: posts, schedule, customers' comments and reviews.",
      body: lines(
        'In "Content management", you write posts with images and publish them now or later.',
        steps(
          'Open your business page and choose "Content management".',
          'Create a post, write the text and add images.',
          'Publish now or pick a time (Vietnam time).',
          'Follow likes, comments and reviews; answer or hide inappropriate comments.',
        ),
      ),
    },
  },
];

const articleRow = (a: Article, i: number) => ({
  slug: a.slug,
  category: a.category,
  sortOrder: i + 1,
  titleVi: a.vi.title,
  titleEn: a.en.title,
  summaryVi: a.vi.summary,
  summaryEn: a.en.summary,
  bodyVi: a.vi.body,
  bodyEn: a.en.body,
});

const CONTENT_KEYS = ['category', 'sortOrder', 'titleVi', 'titleEn', 'summaryVi', 'summaryEn', 'bodyVi', 'bodyEn'] as const;

/**
 * Upserts the articles by slug (a second run updates them in place). Runs at every start, so the stored
 * rows are read first and only new or changed articles are written: an INSERT … ON CONFLICT computes the
 * `search` tsvector of every proposed row before it sees the conflict (~0.4 s of CPU on PGlite for
 * nothing, when the release did not change the articles). An unchanged article keeps its row and its date.
 */
export async function upsertHelpArticles(db: Db | SeedTx, updatedAt: Date = new Date()): Promise<void> {
  const stored = new Map(
    (
      await db
        .select({ slug: helpArticles.slug, ...Object.fromEntries(CONTENT_KEYS.map((k) => [k, helpArticles[k]])) })
        .from(helpArticles)
    ).map((row) => [row.slug, row as Record<string, unknown>]),
  );
  const changed = HELP_ARTICLES.map(articleRow).filter((row) => {
    const current = stored.get(row.slug);
    return !current || CONTENT_KEYS.some((k) => current[k] !== row[k]);
  });
  if (changed.length === 0) return;
  await db
    .insert(helpArticles)
    .values(changed.map((row) => ({ ...row, updatedAt })))
    .onConflictDoUpdate({
      target: helpArticles.slug,
      set: {
        category: sql`excluded.category`,
        sortOrder: sql`excluded.sort_order`,
        titleVi: sql`excluded.title_vi`,
        titleEn: sql`excluded.title_en`,
        summaryVi: sql`excluded.summary_vi`,
        summaryEn: sql`excluded.summary_en`,
        bodyVi: sql`excluded.body_vi`,
        bodyEn: sql`excluded.body_en`,
        updatedAt: sql`excluded.updated_at`,
      },
      // A concurrent start may have written the same content meanwhile: its row and date stay.
      setWhere: sql`(${helpArticles.category}, ${helpArticles.sortOrder}, ${helpArticles.titleVi}, ${helpArticles.titleEn}, ${helpArticles.summaryVi}, ${helpArticles.summaryEn}, ${helpArticles.bodyVi}, ${helpArticles.bodyEn})
        is distinct from (excluded.category, excluded.sort_order, excluded.title_vi, excluded.title_en, excluded.summary_vi, excluded.summary_en, excluded.body_vi, excluded.body_en)`,
    });
}

export const seedHelpCenter: DomainSeed = async (tx, ctx) => upsertHelpArticles(tx, ctx.referenceDate);
